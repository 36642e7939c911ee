import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  endpoints,
  fillPath,
  projectMessages,
  type LabelResponse,
  type LabelsResponse,
} from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newLabel, newSessionCookie } from '../support/factories.js';

/** Edge cases found in review: blank references, racing tree changes, half-applied updates. */
describe('projects and folders at their edges', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({ web: false });
  });
  after(async () => {
    await app?.stop();
  });

  const db = () => app.runtime.dataSource;

  async function signedIn() {
    const customer = await newCustomer(db());
    const cookie = await newSessionCookie(app, customer.id);
    const call = async <T = unknown>(method: string, path: string, body?: unknown) => {
      const response = await fetch(`${app.url}${path}`, {
        method,
        headers: {
          cookie,
          origin: app.url,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    };
    return { customer, call };
  }
  const id = (path: string, value: string) => fillPath(path, { params: { id: value } });
  type Refusal = { errors: Record<string, string> };

  it('moves a folder to the top level when its parent is sent blank, as create reads it', async () => {
    const { customer, call } = await signedIn();
    const parent = await newLabel(db(), customer.id);
    const child = await newLabel(db(), customer.id, { parentId: parent.id });
    const moved = await call<LabelResponse>('PUT', id(endpoints.labels.update.path, child.id), {
      parentId: '',
    });
    assert.equal(moved.status, 200);
    assert.equal(moved.body.label.parentId, null);
  });

  it('never lets two folders that move into each other at once form a loop', async () => {
    const { customer, call } = await signedIn();
    for (let round = 0; round < 5; round += 1) {
      const a = await newLabel(db(), customer.id);
      const b = await newLabel(db(), customer.id);
      const answers = await Promise.all([
        call<Refusal>('PUT', id(endpoints.labels.update.path, a.id), { parentId: b.id }),
        call<Refusal>('PUT', id(endpoints.labels.update.path, b.id), { parentId: a.id }),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      assert.deepEqual(statuses, [200, 422], `round ${round}`);
      const refused = answers.find((answer) => answer.status === 422)!;
      assert.equal(refused.body.errors.parentId, projectMessages.folderIntoItself);
      // Both folders are still in the tree, one inside the other.
      const tree = await call<LabelsResponse>('GET', endpoints.labels.list.path);
      const top = tree.body.data.filter((label) => label.id === a.id || label.id === b.id);
      assert.equal(top.length, 1, `round ${round}`);
      assert.equal(top[0]!.children.length, 1);
    }
  });
});
