import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_BASE, apiPaths, catalogueMessages } from '@animata/contracts';
import { AccessService, Permission } from '../../src/common/access/index.js';
import { hashToken } from '../../src/common/ids.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newSession, sessionCookieName } from '../support/factories.js';

describe('access checks on real PostgreSQL, and their first uses', () => {
  let app: TestApp;
  let access: AccessService;
  let alice: string;
  let bob: string;

  before(async () => {
    app = await startTestApp({ web: false });
    access = app.app.get(AccessService);
    alice = (await newCustomer(app.runtime.dataSource)).id;
    bob = (await newCustomer(app.runtime.dataSource)).id;
  });
  after(async () => {
    await app?.stop();
  });

  const cookieOf = (token: string) => `${sessionCookieName(app.runtime.config)}=${token}`;
  const call = (method: string, path: string, token: string, body?: unknown) =>
    fetch(`${app.url}${path}`, {
      method,
      headers: {
        cookie: cookieOf(token),
        origin: app.url,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('answers, in one query per set, only the sessions the customer holds', async () => {
    const own = [hashToken(await newSession(app, alice)), hashToken(await newSession(app, alice))];
    const theirs = hashToken(await newSession(app, bob));
    const allowed = await access.check({ customerId: alice }, Permission.SessionDelete, [
      ...own,
      theirs,
      'not-a-session-id',
    ]);
    assert.deepEqual([...allowed].sort(), [...own].sort());
  });

  it('lets a customer update only their own account', async () => {
    const allowed = await access.check({ customerId: alice }, Permission.AccountUpdate, [
      alice,
      bob,
      'not-a-uuid',
    ]);
    assert.deepEqual([...allowed], [alice]);
  });

  it('signs out another session of the customer, which then answers 401', async () => {
    const here = await newSession(app, alice);
    const elsewhere = await newSession(app, alice);
    const response = await call(
      'DELETE',
      `${API_BASE}/account/sessions/${hashToken(elsewhere)}`,
      here,
    );
    assert.equal(response.status, 204);
    assert.equal((await call('GET', apiPaths.session, elsewhere)).status, 401);
    assert.equal((await call('GET', apiPaths.session, here)).status, 200);
  });

  it("answers someone else's session exactly like an unknown one: 404, and it stays signed in", async () => {
    const mine = await newSession(app, alice);
    const bobs = await newSession(app, bob);
    for (const id of [hashToken(bobs), 'f'.repeat(64), 'garbage']) {
      const response = await call('DELETE', `${API_BASE}/account/sessions/${id}`, mine);
      assert.equal(response.status, 404, id);
      assert.equal(
        ((await response.json()) as { error: string }).error,
        catalogueMessages.notFound,
      );
    }
    assert.equal((await call('GET', apiPaths.session, bobs)).status, 200);
  });

  it('turns two-factor on and off for the signed-in customer through the access check', async () => {
    const token = await newSession(app, alice);
    const on = await call('PUT', `${API_BASE}/account/two-factor`, token, { enabled: true });
    assert.equal(on.status, 200);
    assert.deepEqual(await on.json(), { enabled: true });
    const info = (await (await call('GET', apiPaths.session, token)).json()) as {
      twoFactorEnabled: boolean;
    };
    assert.equal(info.twoFactorEnabled, true);
    await call('PUT', `${API_BASE}/account/two-factor`, token, { enabled: false });
  });
});
