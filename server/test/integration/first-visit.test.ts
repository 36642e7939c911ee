import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiPaths } from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newSession, sessionCookieName } from '../support/factories.js';

const API = '/api/animata';

/** The BFF's side of a first visit (issue 15): refused sessions, social sign-in. */
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
