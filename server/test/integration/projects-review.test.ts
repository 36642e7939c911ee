import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  emptyProjectData,
  endpoints,
  fillPath,
  FREE_LIMITS,
  projectMessages,
  type LabelResponse,
  type LabelsResponse,
  type ProjectWithData,
} from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newLabel, newProject, newSessionCookie } from '../support/factories.js';

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

  it('leaves the title and the public flag alone when the data of the same change is refused', async () => {
    const { customer, call } = await signedIn();
    const project = await newProject(db(), customer.id, { title: 'Before' });
    const used: Array<{ storage_bytes: string }> = await db().query(
      `SELECT storage_bytes FROM project_usage WHERE owner_id = $1`,
      [customer.id],
    );
    await newProject(db(), customer.id, {
      sizeBytes: FREE_LIMITS.storageMb * 1024 * 1024 - Number(used[0]!.storage_bytes) - 10,
    });
    const bigger = {
      ...emptyProjectData(),
      document: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="${'9'.repeat(60)}" height="1"/></svg>`,
    };
    for (const data of [{ options: 'none' }, bigger]) {
      const refused = await call<Refusal>('PUT', id(endpoints.projects.update.path, project.id), {
        title: 'After',
        is_public: 1,
        data,
      });
      assert.equal(refused.status, 422);
      const got = await call<ProjectWithData>('GET', id(endpoints.projects.get.path, project.id));
      assert.equal(got.body.title, 'Before');
      assert.equal(got.body.isPublic, false);
    }
  });
});
