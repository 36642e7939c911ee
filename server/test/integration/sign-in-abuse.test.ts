import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../support/app.js';
import { json, TestClient, uniqueEmail } from '../support/http-client.js';
import { countMail, linkIn, waitForMail } from '../support/outbox.js';
import { watchJobs } from '../support/waits.js';

const API = '/api/animata';
const STRONG = 'Correct-Horse-7';

/** A client whose requests come from this address (the app believes loopback's X-Forwarded-For). */
function from(app: TestApp, address: string): TestClient {
  const client = new TestClient(app.url);
  const request = client.request.bind(client);
  client.request = (method, path, options = {}) =>
    request(method, path, {
      ...options,
      headers: { 'x-forwarded-for': address, ...options.headers },
    });
  return client;
}

async function signedUp(
  app: TestApp,
  label: string,
): Promise<{ email: string; client: TestClient }> {
  const email = uniqueEmail(label);
  const client = new TestClient(app.url);
  const response = await client.post(`${API}/auth/register`, {
    name: 'Ada Lovelace',
    email,
    password: STRONG,
  });
  assert.equal(response.status, 200);
  return { email, client };
}

describe('sign-in under abuse and bad input (real PostgreSQL)', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({
      web: false,
      env: {
        AUTH_LOCK_THRESHOLD: '5',
        RATE_LIMIT_REGISTER: '1000/60',
        RATE_LIMIT_LOGIN: '1000/60',
        RATE_LIMIT_RECOVERY: '1000/3600',
        RATE_LIMIT_MAIL_RECIPIENT: '3/3600',
      },
    });
  });
  after(async () => {
    await app?.stop();
  });

  it('refuses deeply nested JSON at once with 400, before it is parsed, and stays responsive', async () => {
    // 20,000 levels: small enough for the size limit, far past the depth limit.
    const deep = `{"email":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    const started = Date.now();
    const responses = await Promise.all(
      [1, 2, 3].map(() =>
        fetch(`${app.url}${API}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: deep,
        }),
      ),
    );
    for (const response of responses) {
      assert.equal(response.status, 400);
      const body = await json(response);
      assert.equal(body.error, 'The request body is nested too deeply.');
      assert.equal(typeof body.requestId, 'string');
    }
    assert.equal((await fetch(`${app.url}/api/health`)).status, 200);
    assert.ok(Date.now() - started < 2000, `took ${Date.now() - started} ms`);
  });

  it('refuses a JSON body larger than a form needs with 413 in the catalogue shape', async () => {
    const response = await fetch(`${app.url}${API}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(70_000) }),
    });
    assert.equal(response.status, 413);
    assert.equal((await json(response)).error, 'The request is too large.');
  });

  it('answers NUL bytes and lone surrogates with 400, never 500', async () => {
    for (const email of ['a\u0000@example.com', 'a\uD800@example.com']) {
      const response = await fetch(`${app.url}${API}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: STRONG }),
      });
      assert.equal(response.status, 400, JSON.stringify(email));
      assert.equal(
        (await json(response)).error,
        'The request contains characters that are not allowed.',
      );
    }
  });

  it('limits guesses of the old password when changing it, per account', async () => {
    const { client } = await signedUp(app, 'guess');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await client.post(`${API}/account/change-password`, {
        old_password: `Wrong-Guess-${i}`,
        password: 'Another-Strong-8',
      });
      statuses.push(response.status);
    }
    assert.deepEqual(statuses, [422, 422, 422, 422, 422, 429]);
    const right = await client.post(`${API}/account/change-password`, {
      old_password: STRONG,
      password: 'Another-Strong-8',
    });
    assert.equal(right.status, 429, 'the right password waits too, once the limit is reached');
    assert.ok(Number(right.headers.get('retry-after')) > 0);
    assert.match(
      String((await json(right)).error),
      /^Too many attempts\. Please wait \d+ minutes and try again\.$/,
    );
  });

  it('sends one inbox at most its share of reset mails, whatever addresses ask', async () => {
    const { email } = await signedUp(app, 'bomb');
    const jobs = watchJobs(app);
    for (let i = 0; i < 8; i += 1) {
      const response = await from(app, `198.51.100.${i + 1}`).post(
        `${API}/auth/send-password-reset-email`,
        { email },
      );
      assert.equal(response.status, 200);
    }
    // Every reset request's job and the mail jobs they queued have finished.
    await jobs.idle('the reset requests and their mail');
    jobs.stop();
    // The verification mail of sign-up, then the recipient's share (3) of the eight resets.
    assert.equal(await countMail(app.runtime.dataSource, email), 1 + 3);
  });

  it('counts IPv6 clients by their /64 for rate limits', async () => {
    const limited = await startTestApp({ web: false, env: { RATE_LIMIT_RECOVERY: '2/3600' } });
    try {
      const statuses: number[] = [];
      for (const address of ['2001:db8:7:7::1', '2001:db8:7:7::2', '2001:db8:7:7:ffff::9']) {
        const response = await from(limited, address).post(
          `${API}/auth/send-password-reset-email`,
          { email: uniqueEmail('v6') },
        );
        statuses.push(response.status);
      }
      assert.deepEqual(statuses, [200, 200, 429]);
      const other = await from(limited, '2001:db8:7:8::1').post(
        `${API}/auth/send-password-reset-email`,
        { email: uniqueEmail('v6') },
      );
      assert.equal(other.status, 200);
    } finally {
      await limited.stop();
    }
  });

  it('names the real wait in a 429, with Retry-After: an hour for recovery', async () => {
    const limited = await startTestApp({ web: false, env: { RATE_LIMIT_RECOVERY: '1/3600' } });
    try {
      const client = from(limited, '192.0.2.77');
      await client.post(`${API}/auth/send-password-reset-email`, { email: uniqueEmail('w') });
      const refused = await client.post(`${API}/auth/send-password-reset-email`, {
        email: uniqueEmail('w'),
      });
      assert.equal(refused.status, 429);
      const seconds = Number(refused.headers.get('retry-after'));
      assert.ok(seconds > 0 && seconds <= 3600, String(seconds));
      assert.match(
        String((await json(refused)).error),
        /^Too many attempts\. Please wait (an hour|\d+ minutes|a minute) and try again\.$/,
      );
    } finally {
      await limited.stop();
    }
  });

  it('revokes a reset link requested before a password change, and tells the owner', async () => {
    const { email, client } = await signedUp(app, 'revoke');
    const asked = new Date();
    await new TestClient(app.url).post(`${API}/auth/send-password-reset-email`, { email });
    const link = linkIn(
      await waitForMail(app.runtime.dataSource, email, /Reset your/, { after: asked }),
      '/auth/reset-password',
    );
    const changed = new Date();
    const change = await client.post(`${API}/account/change-password`, {
      old_password: STRONG,
      password: 'Brand-New-Password-9',
    });
    assert.equal(change.status, 200);
    await waitForMail(app.runtime.dataSource, email, /password was changed/, { after: changed });

    const reset = await new TestClient(app.url).post(`${API}/auth/reset-password`, {
      token: link.searchParams.get('token'),
      password: 'Attacker-Chosen-1',
    });
    assert.equal(reset.status, 422);
    assert.deepEqual((await json(reset)).errors, {
      '.': 'This password reset link is invalid or has expired. Please ask for a new one.',
    });
  });

  it('treats look-alike spellings of an address as the same account', async () => {
    const local = `ſtella-${Date.now()}`; // ſ is a long s
    const first = await new TestClient(app.url).post(`${API}/auth/register`, {
      name: 'Stella',
      email: `${local.replace('ſ', 's')}@example.com`,
      password: STRONG,
    });
    assert.equal(first.status, 200);
    const second = await new TestClient(app.url).post(`${API}/auth/register`, {
      name: 'Stella',
      email: `${local}@EXAMPLE.com`,
      password: STRONG,
    });
    assert.equal(second.status, 422);
    assert.deepEqual((await json(second)).errors, {
      email: 'An account with this email already exists',
    });
  });
});
