import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiPaths, authMessages } from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newResetToken, newSession, sessionCookieName } from '../support/factories.js';
import { json, TestClient } from '../support/http-client.js';

const API = '/api/animata';
const CHECK = `${API}/auth/reset-password/check`;

/** The BFF's side of a first visit (issue 15): refused sessions, reset links, social sign-in. */
describe('first-visit calls of the BFF (real PostgreSQL)', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({ web: false });
  });
  after(async () => {
    await app?.stop();
  });

  const sessionSetCookies = (response: Response) =>
    response.headers
      .getSetCookie()
      .filter((line) => line.startsWith(`${sessionCookieName(app.config)}=`));

  describe('a refused session cookie', () => {
    it('is cleared with the 401, so the browser stops sending it', async () => {
      const customer = await newCustomer(app.runtime.dataSource);
      const token = await newSession(app, customer.id);
      await app.runtime.dataSource.query('DELETE FROM sessions WHERE customer_id = $1', [
        customer.id,
      ]);
      const response = await fetch(`${app.url}${apiPaths.session}`, {
        headers: { cookie: `${sessionCookieName(app.config)}=${token}` },
      });
      assert.equal(response.status, 401);
      const [cleared, ...more] = sessionSetCookies(response);
      assert.equal(more.length, 0);
      assert.match(cleared ?? '', /^animata_session=;/);
      assert.match(cleared ?? '', /Expires=Thu, 01 Jan 1970 00:00:00 GMT|Max-Age=0/i);
      assert.match(cleared ?? '', /Path=\//);
    });

    it('is not there to clear when the request carried none', async () => {
      const response = await fetch(`${app.url}${apiPaths.session}`);
      assert.equal(response.status, 401);
      assert.deepEqual(sessionSetCookies(response), []);
    });

    it('is kept when the session is live', async () => {
      const customer = await newCustomer(app.runtime.dataSource);
      const token = await newSession(app, customer.id);
      const response = await fetch(`${app.url}${apiPaths.session}`, {
        headers: { cookie: `${sessionCookieName(app.config)}=${token}` },
      });
      assert.equal(response.status, 200);
      assert.deepEqual(sessionSetCookies(response), []);
    });
  });

  describe('POST /api/animata/auth/reset-password/check', () => {
    const invalid = (requestId: string) => ({
      errors: { '.': authMessages.resetLinkInvalid },
      requestId,
    });

    it('answers {} for a working link, as often as asked, and leaves it usable', async () => {
      const customer = await newCustomer(app.runtime.dataSource);
      const token = await newResetToken(app, customer.id);
      const client = new TestClient(app.url);
      for (let i = 0; i < 3; i += 1) {
        const response = await client.post(CHECK, { token });
        assert.equal(response.status, 200);
        assert.deepEqual(await json(response), {});
      }
      const reset = await client.post(`${API}/auth/reset-password`, {
        token,
        password: 'New-Password-8',
      });
      assert.equal(reset.status, 200);
      assert.equal((await json(reset)).message, authMessages.passwordReset);

      // Used now: the check says what the reset would say.
      const after = await client.post(CHECK, { token }, { 'x-request-id': 'check-used' });
      assert.equal(after.status, 422);
      assert.deepEqual(await json(after), invalid('check-used'));
      const again = await client.post(
        `${API}/auth/reset-password`,
        { token, password: 'Other-Password-9' },
        { 'x-request-id': 'reset-used' },
      );
      assert.equal(again.status, 422);
      assert.deepEqual(await json(again), invalid('reset-used'));
    });

    it('answers 422 with the reset link text for an expired or unknown link', async () => {
      const customer = await newCustomer(app.runtime.dataSource);
      const token = await newResetToken(app, customer.id);
      await app.runtime.dataSource.query(
        `UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE customer_id = $1`,
        [customer.id],
      );
      const client = new TestClient(app.url);
      for (const [value, id] of [
        [token, 'expired'],
        ['no-such-token', 'unknown'],
      ] as const) {
        const response = await client.post(CHECK, { token: value }, { 'x-request-id': id });
        assert.equal(response.status, 422, id);
        assert.deepEqual(await json(response), invalid(id));
      }
    });

    it('answers 422 with the same text for a missing, empty or oversized token', async () => {
      const client = new TestClient(app.url);
      for (const body of [{}, { token: '' }, { token: 42 }, { token: 'x'.repeat(201) }]) {
        const response = await client.post(CHECK, body);
        assert.equal(response.status, 422, JSON.stringify(body));
        const errors = (await json(response)).errors as Record<string, string>;
        assert.deepEqual(Object.values(errors), [authMessages.resetLinkInvalid]);
      }
    });
  });

  describe('social sign-in with a provider that is not configured', () => {
    it('leads to the login page, keeping where the visitor was going', async () => {
      for (const [query, location] of [
        ['', '/auth/login'],
        ['?redirectTo=%2Faccount', '/auth/login?url=%2Faccount'],
        ['?redirectTo=https%3A%2F%2Fevil.example', '/auth/login'],
      ]) {
        const response = await fetch(`${app.url}${API}/auth/social/google${query}`, {
          redirect: 'manual',
        });
        assert.equal(response.status, 302, query);
        assert.equal(response.headers.get('location'), location, query);
      }
    });
  });
});
