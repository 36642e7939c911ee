import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_BASE, apiPaths, endpoints, type SessionsResponse } from '@animata/contracts';
import { hashToken } from '../../src/common/ids.js';
import { SessionsService } from '../../src/modules/sessions/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { sessionCaller } from '../support/http-client.js';
import { newCustomer, newSession } from '../support/factories.js';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe("'Where you're signed in' (issue 16)", () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({ web: false });
  });
  after(async () => {
    await app?.stop();
  });

  const call = (method: string, path: string, token: string) =>
    sessionCaller(app)(method, path, token);
  const lastSeen = async (token: string) =>
    (
      (await app.runtime.dataSource.query('SELECT last_seen_at FROM sessions WHERE id = $1', [
        hashToken(token),
      ])) as Array<{ last_seen_at: Date }>
    )[0]!.last_seen_at;

  it("lists only the customer's own live sessions, this one marked, with the browser named", async () => {
    const alice = await newCustomer(app.runtime.dataSource);
    const bob = await newCustomer(app.runtime.dataSource);
    const sessions = app.app.get(SessionsService);
    const here = await sessions.create(alice.id, { userAgent: CHROME });
    const elsewhere = await sessions.create(alice.id, { userAgent: null });
    await newSession(app, bob.id);

    const response = await call('GET', endpoints.account.sessions.path, here);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const body = (await response.json()) as SessionsResponse;
    assert.deepEqual(
      body.sessions.map((s) => s.id).sort(),
      [hashToken(here), hashToken(elsewhere)].sort(),
    );
    // This session first, though the other one signed in after it.
    assert.equal(body.sessions[0]!.id, hashToken(here));
    const current = body.sessions.find((s) => s.current)!;
    assert.equal(current.id, hashToken(here));
    assert.equal(current.device, 'Chrome 131 on Linux');
    assert.equal(body.sessions.find((s) => !s.current)!.device, 'Unknown browser');
  });

  it('signs out all the other sessions and keeps this one; they cannot reach anything', async () => {
    const alice = await newCustomer(app.runtime.dataSource);
    const bob = await newCustomer(app.runtime.dataSource);
    const here = await newSession(app, alice.id);
    const others = [await newSession(app, alice.id), await newSession(app, alice.id)];
    const bobs = await newSession(app, bob.id);

    const response = await call('DELETE', endpoints.account.endOtherSessions.path, here);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { ended: 2 });
    for (const token of others)
      assert.equal((await call('GET', apiPaths.session, token)).status, 401);
    assert.equal((await call('GET', apiPaths.session, here)).status, 200);
    assert.equal((await call('GET', apiPaths.session, bobs)).status, 200, "Bob's session stays");
  });

  it("answers 404 for another customer's session and leaves it signed in", async () => {
    const alice = await newCustomer(app.runtime.dataSource);
    const bob = await newCustomer(app.runtime.dataSource);
    const alices = await newSession(app, alice.id);
    const bobs = await newSession(app, bob.id);
    const response = await call(
      'DELETE',
      `${API_BASE}/account/sessions/${hashToken(alices)}`,
      bobs,
    );
    assert.equal(response.status, 404);
    assert.equal((await call('GET', apiPaths.session, alices)).status, 200);
  });

  it('notes activity at most once in five minutes', async () => {
    const alice = await newCustomer(app.runtime.dataSource);
    const token = await newSession(app, alice.id);
    const stale = new Date(Date.now() - 10 * 60_000);
    await app.runtime.dataSource.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1', [
      hashToken(token),
      stale,
    ]);
    await call('GET', apiPaths.session, token);
    const touched = await lastSeen(token);
    assert.ok(touched.getTime() > stale.getTime() + 9 * 60_000, 'a stale session is touched');
    await call('GET', apiPaths.session, token);
    assert.equal(
      (await lastSeen(token)).getTime(),
      touched.getTime(),
      'a fresh one is not written',
    );
  });
});
