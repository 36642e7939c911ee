import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../support/app.js';
import { json, TestClient, uniqueEmail } from '../support/http-client.js';
import { codeIn, countMail, linkIn, waitForMail } from '../support/outbox.js';

const API = '/api/animata';
const STRONG = 'Correct-Horse-7';

async function register(client: TestClient, email: string, password = STRONG) {
  return client.post(`${API}/auth/register`, { name: 'Ada Lovelace', email, password });
}

/** Session rows of a customer: a login writes its session before the hash (pending). */
async function sessionCount(app: TestApp, email: string): Promise<number> {
  const rows: Array<{ count: string }> = await app.runtime.dataSource.query(
    `SELECT count(*) FROM sessions s JOIN customers c ON c.id = s.customer_id WHERE c.email = $1`,
    [email],
  );
  return Number(rows[0]?.count ?? 0);
}

describe('sign-in BFF (real PostgreSQL, embedded mail outbox)', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({
      web: false,
      env: {
        AUTH_LOCK_THRESHOLD: '4',
        TFA_AFTER_FAILURES: '2',
        TFA_AFTER_REGISTRATIONS: '1000',
        RATE_LIMIT_REGISTER: '1000/60',
        RATE_LIMIT_LOGIN: '1000/60',
      },
    });
  });
  after(async () => {
    await app?.stop();
  });

  it('registers, mails a single-use verification link and verifies', async () => {
    const client = new TestClient(app.url);
    const email = uniqueEmail('register');
    const response = await register(client, email);
    assert.equal(response.status, 200, await response.clone().text());
    const body = await json(response);
    assert.equal(body.tfa_required, false);
    assert.match(String(body.customer_id), /^[0-9a-f-]{36}$/);
    assert.ok(client.cookie('animata_session'), 'the new customer is signed in');

    const session = await json(await client.get(`${API}/session`));
    assert.equal(session.verified, false);

    const mail = await waitForMail(app.runtime.dataSource, email, /Confirm your email/);
    const link = linkIn(mail, '/auth/verify-email');
    const token = link.searchParams.get('token');
    const verified = await client.post(`${API}/auth/verify-email`, { token });
    assert.equal(verified.status, 200, await verified.clone().text());
    assert.equal((await json(verified)).message, 'Your email was verified');
    assert.equal((await json(await client.get(`${API}/session`))).verified, true);

    // Used again (a mail scanner opened it first): the address is verified, so it still says yes.
    const again = await client.post(`${API}/auth/verify-email`, { token });
    assert.equal(again.status, 200);
    const unknown = await client.post(`${API}/auth/verify-email`, { token: `${token}x` });
    assert.equal(unknown.status, 422);
    assert.deepEqual((await json(unknown)).errors, {
      '.': 'This verification link is invalid or has expired. Please ask for a new one.',
    });
    const tracked: unknown[] = await app.runtime.dataSource.query(
      `SELECT 1 FROM tracking_events WHERE event_name = 'SignUp' AND customer_id = $1`,
      [body.customer_id],
    );
    assert.equal(tracked.length, 1, 'a sign-up event is tracked');
  });

  it('refuses bad registrations with the spec messages and creates nothing', async () => {
    const client = new TestClient(app.url);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ name: '', email: 'a@example.com', password: STRONG }, { name: 'Name is required' }],
      [{ name: 'A', email: 'not-an-email', password: STRONG }, { email: 'Invalid email address' }],
      [{ name: 'A', email: '', password: STRONG }, { email: 'Email is required' }],
      [
        { name: 'A', email: 'b@example.com', password: 'short' },
        { password: 'Password must be at least 8 characters long' },
      ],
      [
        { name: 'A', email: 'c@example.com', password: 'alllowercase1!' },
        { password: 'Password must contain an uppercase letter' },
      ],
      [
        { name: 'A', email: 'd@example.com', password: 'NoDigitsHere!' },
        { password: 'Password must contain a number' },
      ],
      [
        { name: 'A', email: 'e@example.com', password: 'NoSpecial123' },
        { password: 'Password must contain a special character' },
      ],
      [
        { name: 'A', email: 'f@example.com', password: `Aa1!${'x'.repeat(61)}` },
        { password: 'Password must be at most 64 characters long' },
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await client.post(`${API}/auth/register`, payload);
      assert.equal(response.status, 422, JSON.stringify(payload));
      assert.deepEqual((await json(response)).errors, errors);
    }
    const email = uniqueEmail('taken');
    assert.equal((await register(new TestClient(app.url), email)).status, 200);
    const duplicate = await register(client, email.toUpperCase());
    assert.equal(duplicate.status, 422);
    assert.deepEqual((await json(duplicate)).errors, {
      email: 'An account with this email already exists',
    });
    assert.equal(client.cookie('animata_session'), undefined);
  });

  it('answers a wrong password and an unknown address alike', async () => {
    const email = uniqueEmail('lock');
    await register(new TestClient(app.url), email);
    const client = new TestClient(app.url);
    const wrong = await client.post(`${API}/auth/login`, { email, password: 'Wrong-Password-1' });
    const unknown = await client.post(`${API}/auth/login`, {
      email: uniqueEmail('nobody'),
      password: 'Wrong-Password-1',
    });
    for (const response of [wrong, unknown]) {
      assert.equal(response.status, 422);
      assert.deepEqual((await json(response)).errors, { '.': 'Wrong email or password' });
    }
    assert.equal(client.cookie('animata_session'), undefined);
  });

  it('never locks the owner out: after many failures a known device signs in, an unknown one gets the e-mail code', async () => {
    const email = uniqueEmail('nolock');
    await register(new TestClient(app.url), email);
    const owner = new TestClient(app.url);
    assert.equal((await owner.post(`${API}/auth/login`, { email, password: STRONG })).status, 200);
    const device = owner.cookie('animata_device');
    assert.ok(device, 'the owner’s browser is now a known device');

    // Someone else fails far past AUTH_LOCK_THRESHOLD (4 here).
    const attacker = new TestClient(app.url);
    for (let i = 0; i < 8; i += 1) {
      const refused = await attacker.post(`${API}/auth/login`, {
        email,
        password: 'Wrong-Password-1',
      });
      assert.equal(refused.status, 422);
    }

    const unknownDevice = new TestClient(app.url);
    const challenged = await unknownDevice.post(`${API}/auth/login`, { email, password: STRONG });
    assert.equal(challenged.status, 200);
    assert.deepEqual(await json(challenged), {
      customer_id: null,
      secured: true,
      tfa_required: true,
    });
    assert.equal(unknownDevice.cookie('animata_session'), undefined);

    // The right password from the owner's device still signs in (and clears the failures).
    const known = new TestClient(app.url);
    known.setCookie('animata_device', device);
    const signedIn = await known.post(`${API}/auth/login`, { email, password: STRONG });
    assert.equal(signedIn.status, 200);
    assert.equal((await json(signedIn)).tfa_required, false);
    assert.ok(known.cookie('animata_session'));
  });

  it('validates login input with the spec messages (6 enforced, 8 displayed)', async () => {
    const client = new TestClient(app.url);
    const missing = await client.post(`${API}/auth/login`, { email: '', password: '123456' });
    assert.deepEqual((await json(missing)).errors, { email: 'Email is required' });
    const short = await client.post(`${API}/auth/login`, {
      email: 'a@example.com',
      password: '12345',
    });
    assert.deepEqual((await json(short)).errors, {
      password: 'Password must be at least 8 characters long',
    });
    const noPassword = await client.post(`${API}/auth/login`, { email: 'a@example.com' });
    assert.deepEqual((await json(noPassword)).errors, { password: 'Password is required' });
    const badEmail = await client.post(`${API}/auth/login`, { email: 'nope', password: '123456' });
    assert.deepEqual((await json(badEmail)).errors, { email: 'Invalid email address' });
  });

  it('marks a login with a weak password as not secured until the password is updated', async () => {
    const email = uniqueEmail('weak');
    await register(new TestClient(app.url), email);
    // An older account whose password predates today's rules.
    const { PasswordHasher } = await import('../../src/modules/auth/password-hasher.js');
    const hash = await new PasswordHasher().hash('weakpass');
    await app.runtime.dataSource.query(`UPDATE customers SET password_hash = $2 WHERE email = $1`, [
      email,
      hash,
    ]);

    const client = new TestClient(app.url);
    const login = await json(
      await client.post(`${API}/auth/login`, { email, password: 'weakpass' }),
    );
    assert.equal(login.secured, false);
    assert.equal(login.tfa_required, false);
    assert.equal((await json(await client.get(`${API}/session`))).passwordUpdateRequired, true);

    const invalid = await client.post(`${API}/account/change-password`, { password: 'stillweak1' });
    assert.deepEqual((await json(invalid)).errors, { password: 'Password is not valid' });
    const later = await client.delete(`${API}/account/change-password`);
    assert.equal(later.status, 200);
    assert.equal((await json(await client.get(`${API}/session`))).passwordUpdateRequired, false);

    const again = new TestClient(app.url);
    await again.post(`${API}/auth/login`, { email, password: 'weakpass' });
    const updated = await again.post(`${API}/account/change-password`, { password: STRONG });
    assert.equal((await json(updated)).message, 'Your password was updated');
    const fresh = await json(
      await new TestClient(app.url).post(`${API}/auth/login`, { email, password: STRONG }),
    );
    assert.equal(fresh.secured, true);
  });

  it('answers recovery alike for known and unknown addresses; the reset link works once and ends old sessions', async () => {
    const email = uniqueEmail('reset');
    const owner = new TestClient(app.url);
    await register(owner, email);
    const client = new TestClient(app.url);
    const known = await client.post(`${API}/auth/send-password-reset-email`, { email });
    const unknownEmail = uniqueEmail('ghost');
    const unknown = await client.post(`${API}/auth/send-password-reset-email`, {
      email: unknownEmail,
    });
    for (const response of [known, unknown]) {
      assert.equal(response.status, 200);
      assert.deepEqual(await json(response), {
        message: 'If you have account on the product, we sent you an email. Check your inbox',
      });
    }
    const mail = await waitForMail(app.runtime.dataSource, email, /Reset your Animata password/);
    assert.equal(await countMail(app.runtime.dataSource, unknownEmail), 0);
    const token = linkIn(mail, '/auth/reset-password').searchParams.get('token');

    const weak = await client.post(`${API}/auth/reset-password`, {
      token,
      password: 'weakpassword',
    });
    assert.deepEqual((await json(weak)).errors, {
      password: 'Password must contain an uppercase letter',
    });
    const reset = await client.post(`${API}/auth/reset-password`, {
      token,
      password: 'New-Password-8',
    });
    assert.equal(reset.status, 200);
    assert.equal((await json(reset)).message, 'Your password was reset');
    assert.ok(client.cookie('animata_session'));
    // The new password forgot every device but this one, which gets its mark anew.
    assert.match(client.cookie('animata_device') ?? '', /^[\w-]{43}\.[\w-]{22}$/);

    assert.equal((await owner.get(`${API}/session`)).status, 401, 'old sessions end');
    const reused = await client.post(`${API}/auth/reset-password`, {
      token,
      password: 'Other-Password-9',
    });
    assert.deepEqual((await json(reused)).errors, {
      '.': 'This password reset link is invalid or has expired. Please ask for a new one.',
    });
    const oldLogin = await new TestClient(app.url).post(`${API}/auth/login`, {
      email,
      password: STRONG,
    });
    assert.equal(oldLogin.status, 422);
    const newLogin = await new TestClient(app.url).post(`${API}/auth/login`, {
      email,
      password: 'New-Password-8',
    });
    assert.equal(newLogin.status, 200);
  });

  it('asks for an e-mail code when two-factor is on, with resend limits and single-use tokens', async () => {
    const email = uniqueEmail('tfa');
    const owner = new TestClient(app.url);
    await register(owner, email);
    assert.equal((await owner.put(`${API}/account/two-factor`, { enabled: true })).status, 200);

    const client = new TestClient(app.url);
    const first = await json(await client.post(`${API}/auth/login`, { email, password: STRONG }));
    assert.deepEqual(first, { customer_id: null, secured: true, tfa_required: true });
    assert.equal(client.cookie('animata_session'), undefined);
    assert.ok(client.cookie('animata_tfa'), 'the attempt is bound to this browser');

    const noEmail = await client.post(`${API}/two-factor-auth/email`, {
      action: 'login',
      contact: '',
    });
    assert.deepEqual((await json(noEmail)).errors, { contact: 'No email provided' });

    const started = new Date();
    const sent = await json(
      await client.post(`${API}/two-factor-auth/email`, { action: 'login', contact: email }),
    );
    assert.equal(typeof sent.token, 'string');
    const tooSoon = await client.post(`${API}/two-factor-auth/email`, {
      action: 'login',
      contact: email,
    });
    assert.equal(tooSoon.status, 429);
    assert.match(String((await json(tooSoon)).error), /^Resend email \(\d+s\)$/);
    const code = codeIn(
      await waitForMail(app.runtime.dataSource, email, /security code/, { after: started }),
    );

    const format = await client.post(`${API}/two-factor-auth/code`, {
      token: sent.token,
      action: 'login',
      code: '12a',
      contact: email,
    });
    assert.deepEqual((await json(format)).errors, { code: 'Code must be a 6 digits long number.' });
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await client.post(`${API}/two-factor-auth/code`, {
      token: sent.token,
      action: 'login',
      code: wrongCode,
      contact: email,
    });
    assert.deepEqual((await json(wrong)).errors, { code: 'The code is not correct.' });

    const stranger = new TestClient(app.url);
    const elsewhere = await stranger.post(`${API}/two-factor-auth/code`, {
      token: sent.token,
      action: 'login',
      code,
      contact: email,
    });
    assert.deepEqual(
      (await json(elsewhere)).errors,
      { '.': 'Token is not valid.' },
      'bound to the attempt',
    );

    const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
    const verified = await json(
      await client.post(`${API}/two-factor-auth/code`, {
        token: sent.token,
        action: 'login',
        code: spaced,
        contact: email,
      }),
    );
    assert.equal(typeof verified.token, 'string');
    const login = await client.post(`${API}/auth/login`, { email, tfa_token: verified.token });
    assert.equal(login.status, 200);
    const body = await json(login);
    assert.equal(body.tfa_required, false);
    assert.ok(body.customer_id);
    assert.ok(client.cookie('animata_session'));

    const replay = await client.post(`${API}/auth/login`, { email, tfa_token: verified.token });
    assert.deepEqual((await json(replay)).errors, { '.': 'Token is not valid.' });
  });

  it("allows three sends a challenge, then answers 'Resend limit reached'", async () => {
    const email = uniqueEmail('tfa-limit');
    const owner = new TestClient(app.url);
    await register(owner, email);
    await owner.put(`${API}/account/two-factor`, { enabled: true });
    const client = new TestClient(app.url);
    await client.post(`${API}/auth/login`, { email, password: STRONG });
    for (let send = 1; send <= 3; send += 1) {
      const response = await client.post(`${API}/two-factor-auth/email`, {
        action: 'login',
        contact: email,
      });
      assert.equal(response.status, 200, `send ${send}`);
      assert.equal((await json(response)).sends, send);
      // A minute passes (moved back in the database rather than waited for).
      await app.runtime.dataSource.query(
        `UPDATE two_factor_challenges SET last_sent_at = last_sent_at - interval '61 seconds' WHERE email = $1`,
        [email],
      );
    }
    const fourth = await client.post(`${API}/two-factor-auth/email`, {
      action: 'login',
      contact: email,
    });
    assert.equal(fourth.status, 429);
    assert.equal((await json(fourth)).error, 'Resend limit reached');
  });

  it('ends a two-factor challenge after five wrong codes', async () => {
    const email = uniqueEmail('tfa-wrong');
    const owner = new TestClient(app.url);
    await register(owner, email);
    await owner.put(`${API}/account/two-factor`, { enabled: true });
    const client = new TestClient(app.url);
    await client.post(`${API}/auth/login`, { email, password: STRONG });
    const started = new Date();
    const sent = await json(
      await client.post(`${API}/two-factor-auth/email`, { action: 'login', contact: email }),
    );
    const code = codeIn(
      await waitForMail(app.runtime.dataSource, email, /security code/, { after: started }),
    );
    const wrongCode = code === '999999' ? '888888' : '999999';
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await client.post(`${API}/two-factor-auth/code`, {
        token: sent.token,
        action: 'login',
        code: wrongCode,
        contact: email,
      });
      const errors = (await json(response)).errors as Record<string, string>;
      answers.push(errors.code ?? errors['.'] ?? '');
    }
    assert.equal(answers[3], 'The code is not correct.');
    assert.equal(answers[4], 'Too many wrong codes. Please start again.');
    const right = await client.post(`${API}/two-factor-auth/code`, {
      token: sent.token,
      action: 'login',
      code,
      contact: email,
    });
    assert.deepEqual((await json(right)).errors, {
      '.': 'Too many wrong codes. Please start again.',
    });
  });

  it('asks for a code when an unknown device signs in after repeated failures', async () => {
    const email = uniqueEmail('device');
    await register(new TestClient(app.url), email);
    const known = new TestClient(app.url);
    assert.equal(
      (await json(await known.post(`${API}/auth/login`, { email, password: STRONG }))).tfa_required,
      false,
    );
    const sessionsBefore = await sessionCount(app, email);
    const attacker = new TestClient(app.url);
    await attacker.post(`${API}/auth/login`, { email, password: 'Guess-Number-1' });
    await attacker.post(`${API}/auth/login`, { email, password: 'Guess-Number-2' });
    const fromNewDevice = await json(
      await attacker.post(`${API}/auth/login`, { email, password: STRONG }),
    );
    assert.equal(fromNewDevice.tfa_required, true, 'TFA_AFTER_FAILURES is 2 here');
    assert.equal(attacker.cookie('animata_session'), undefined);
    assert.equal(
      await sessionCount(app, email),
      sessionsBefore,
      'wrong passwords and a login waiting for its code leave no session behind',
    );
    // The device cookie names the device, not the customer: copying its mark elsewhere fails.
    const knownCookie = known.cookie('animata_device') ?? '';
    assert.match(knownCookie, /^[\w-]{43}\.[\w-]{22}$/);
    const copied = new TestClient(app.url);
    copied.setCookie('animata_device', `${'A'.repeat(43)}.${knownCookie.split('.')[1]}`);
    const fromCopy = await json(
      await copied.post(`${API}/auth/login`, { email, password: STRONG }),
    );
    assert.equal(fromCopy.tfa_required, true);

    // The first login remembered its device: no code for it, and its success forgets the failures.
    const again = await json(await known.post(`${API}/auth/login`, { email, password: STRONG }));
    assert.equal(again.tfa_required, false);
    const afterSuccess = await json(
      await new TestClient(app.url).post(`${API}/auth/login`, { email, password: STRONG }),
    );
    assert.equal(afterSuccess.tfa_required, false, 'the failures were cleared');
  });

  it('signs out, clearing the session; a second sign-out answers 401', async () => {
    const client = new TestClient(app.url);
    await register(client, uniqueEmail('signout'));
    client.setCookie('animata_coupon', 'x');
    const out = await client.post(`${API}/auth/sign-out`);
    assert.equal(out.status, 200);
    assert.equal(client.cookie('animata_session'), undefined);
    assert.equal(client.cookie('animata_coupon'), undefined);
    assert.equal((await client.get(`${API}/session`)).status, 401);
    assert.equal((await client.post(`${API}/auth/sign-out`)).status, 401);
  });

  it('refuses cookie-authenticated writes from another site', async () => {
    const client = new TestClient(app.url);
    await register(client, uniqueEmail('csrf'));
    const forged = await client.request('PUT', `${API}/account/two-factor`, {
      json: { enabled: true },
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(forged.status, 403);
    const noOrigin = await client.request('PUT', `${API}/account/two-factor`, {
      json: { enabled: true },
      headers: { origin: 'null' },
    });
    assert.equal(noOrigin.status, 403);
    const own = await client.put(`${API}/account/two-factor`, { enabled: false });
    assert.equal(own.status, 200);
    // Login CSRF: a cross-site form post carries no Lax cookie, yet must not sign anyone in.
    const crossSiteLogin = await new TestClient(app.url).request('POST', `${API}/auth/login`, {
      json: { email: 'someone@example.com', password: 'Whatever-1' },
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(crossSiteLogin.status, 403);
    assert.equal(
      (await json(crossSiteLogin)).error,
      'This request came from another site and was refused.',
    );
  });
});

for (const [store, redis] of [
  ['Redis', true],
  ['PostgreSQL', false],
] as const) {
  describe(`sign-in rate limits (per client address, stored in ${store})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp({
        web: false,
        redis,
        env: { RATE_LIMIT_RECOVERY: '2/60', RATE_LIMIT_LOGIN: '3/60' },
      });
    });
    after(async () => {
      await app?.stop();
    });

    it('answers 429 with a clear message once an address exceeds the limit', async () => {
      // Windows are whole minutes: one that ends during the test would start counting again.
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
      const client = new TestClient(app.url);
      for (let i = 0; i < 2; i += 1) {
        assert.equal(
          (await client.post(`${API}/auth/send-password-reset-email`, { email: 'x@example.com' }))
            .status,
          200,
        );
      }
      const limited = await client.post(`${API}/auth/send-password-reset-email`, {
        email: 'x@example.com',
      });
      assert.equal(limited.status, 429);
      assert.deepEqual(await json(limited), {
        error: 'Too many attempts. Please wait a minute and try again.',
        requestId: limited.headers.get('x-request-id'),
      });
      // Login counts its hit in the same round trip as the customer lookup (RateLimiter.hitWith).
      for (let i = 0; i < 3; i += 1) {
        const wrong = await client.post(`${API}/auth/login`, {
          email: 'x@example.com',
          password: 'Whatever-1',
        });
        assert.equal(wrong.status, 422);
      }
      // Refused with the right password: no session, not even the one written before the hash.
      const email = uniqueEmail('limited');
      assert.equal((await register(new TestClient(app.url), email)).status, 200);
      const sessionsBefore = await sessionCount(app, email);
      const loginLimited = await client.post(`${API}/auth/login`, { email, password: STRONG });
      assert.equal(loginLimited.status, 429);
      assert.equal(
        (await json(loginLimited)).error,
        'Too many attempts. Please wait a minute and try again.',
      );
      assert.equal(client.cookie('animata_session'), undefined);
      assert.equal(await sessionCount(app, email), sessionsBefore);
    });
  });
}
