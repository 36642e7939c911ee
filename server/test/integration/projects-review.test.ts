import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { endpoints, fillPath, type LabelResponse } from '@animata/contracts';
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
});
