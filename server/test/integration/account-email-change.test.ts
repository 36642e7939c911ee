import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiPaths, emailChangeMessages, endpoints } from '@animata/contracts';
import { hashToken } from '../../src/common/ids.js';
import { AuthTokensService } from '../../src/modules/auth/auth-tokens.service.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { sessionCaller } from '../support/http-client.js';
import { newCustomer, newResetToken, newSession, passwordHashFor } from '../support/factories.js';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp.js';
import { watchJobs } from '../support/waits.js';

const PASSWORD = 'Correct-Horse-9-battery';
let counter = 0;
const address = (label: string) => `${label}-${Date.now()}-${(counter += 1)}@example.test`;

describe('the e-mail change (issue 16, account-and-auth §4.1, §7, §8)', () => {
  let app: TestApp;
  let smtp: SmtpReceiver;

  before(async () => {
    smtp = await startSmtpReceiver();
    app = await startTestApp({
      web: false,
      env: {
        SMTP_URL: smtp.url,
        RATE_LIMIT_RECOVERY: '1000/60',
        RATE_LIMIT_LOGIN: '1000/60',
        RATE_LIMIT_MAIL_RECIPIENT: '3/3600',
        RATE_LIMIT_REGISTER: '1000/60',
        TFA_AFTER_REGISTRATIONS: '1000',
      },
    });
  });
  after(async () => {
    await app?.stop();
    await smtp?.close();
  });

  const call = (method: string, path: string, token: string | null, body?: unknown) =>
    sessionCaller(app)(method, path, token, body);
  const db = () => app.runtime.dataSource;
  const pendingRows = async (customerId: string) =>
    (await db().query('SELECT * FROM email_changes WHERE customer_id = $1', [
      customerId,
    ])) as Array<{
      new_email: string;
      token_hash: string;
    }>;
  const emailOf = async (customerId: string) =>
    (
      (await db().query('SELECT email FROM customers WHERE id = $1', [customerId])) as Array<{
        email: string;
      }>
    )[0]!.email;
  async function withPassword() {
    const customer = await newCustomer(db(), { passwordHash: await passwordHashFor(PASSWORD) });
    return { customer, token: await newSession(app, customer.id) };
  }
  function tokenIn(text: string): string {
    const match = /\/auth\/confirm-email-change\?token=([A-Za-z0-9_%-]+)/.exec(text);
    if (!match) throw new Error(`No confirmation link in ${text}`);
    return decodeURIComponent(match[1]!);
  }

  it('refuses a wrong password with 403 on the password field, and changes and mails nothing', async () => {
    const { customer, token } = await withPassword();
    const before = smtp.received.length;
    const response = await call('POST', endpoints.account.changeEmail.path, token, {
      newEmail: address('new'),
      password: 'Wrong-Horse-9-battery',
    });
    assert.equal(response.status, 403);
    const body = (await response.json()) as { error: string; errors: Record<string, string> };
    assert.equal(body.error, emailChangeMessages.passwordWrong);
    assert.deepEqual(body.errors, { password: emailChangeMessages.passwordWrong });
    assert.deepEqual(await pendingRows(customer.id), []);
    assert.equal(smtp.received.length, before);
  });

  it('refuses an address in use with 403 on the email field', async () => {
    const { customer, token } = await withPassword();
    const other = await newCustomer(db());
    const response = await call('POST', endpoints.account.changeEmail.path, token, {
      newEmail: other.email.toUpperCase(),
      password: PASSWORD,
    });
    assert.equal(response.status, 403);
    const body = (await response.json()) as { errors: Record<string, string> };
    assert.deepEqual(body.errors, { email: emailChangeMessages.inUse });
    assert.deepEqual(await pendingRows(customer.id), []);
  });

  it('refuses a customer without a password, and bad addresses with the row label', async () => {
    const social = await newCustomer(db(), { passwordHash: null });
    const socialToken = await newSession(app, social.id);
    const refused = await call('POST', endpoints.account.changeEmail.path, socialToken, {
      newEmail: address('new'),
    });
    assert.equal(refused.status, 403);
    assert.equal(
      ((await refused.json()) as { error: string }).error,
      emailChangeMessages.noPassword,
    );
    assert.deepEqual(await pendingRows(social.id), []);

    const { token } = await withPassword();
    for (const [newEmail, text] of [
      ['', 'Account email is required'],
      ['not-an-address', 'Account email is not a valid email'],
    ] as const) {
      const response = await call('POST', endpoints.account.changeEmail.path, token, {
        newEmail,
        password: PASSWORD,
      });
      assert.equal(response.status, 422);
      assert.deepEqual(((await response.json()) as { errors: unknown }).errors, { newEmail: text });
    }
    const noPassword = await call('POST', endpoints.account.changeEmail.path, token, {
      newEmail: address('new'),
    });
    assert.equal(noPassword.status, 422);
    assert.deepEqual(((await noPassword.json()) as { errors: unknown }).errors, {
      password: 'Password is required',
    });
    assert.equal((await call('GET', endpoints.account.emailChangeStatus.path, null)).status, 401);
  });

  it('mails a single-use link to the new address and a notice to the old one; the address changes only on confirming', async () => {
    const { customer, token } = await withPassword();
    const newEmail = address('moved');
    const before = smtp.received.length;
    const response = await call('POST', endpoints.account.changeEmail.path, token, {
      newEmail: ` ${newEmail.toUpperCase()} `,
      password: PASSWORD,
    });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { message: emailChangeMessages.sent(newEmail) });

    const link = tokenIn(await smtp.textOfMailTo(newEmail, /Confirm your new email/, before));
    const notice = await smtp.textOfMailTo(customer.email, /about to change/, before);
    assert.match(notice, new RegExp(newEmail.replace(/[.]/g, '\\.')));
    const [row] = await pendingRows(customer.id);
    assert.equal(row!.new_email, newEmail);
    assert.equal(row!.token_hash, hashToken(link), 'stored as its hash only');
    assert.notEqual(row!.token_hash, link);

    const status = await call('GET', endpoints.account.emailChangeStatus.path, token);
    assert.deepEqual(await status.json(), {
      message: emailChangeMessages.pending(newEmail),
      newEmail,
    });
    assert.equal(await emailOf(customer.id), customer.email, 'nothing changes before the link');

    // The link's page asks which address it confirms; asking uses nothing up.
    for (let i = 0; i < 2; i += 1) {
      const checked = await call('POST', endpoints.account.checkEmailChangeLink.path, null, {
        token: link,
      });
      assert.equal(checked.status, 200);
      assert.deepEqual(await checked.json(), { newEmail });
    }
    const unknown = await call('POST', endpoints.account.checkEmailChangeLink.path, null, {
      token: `${link}x`,
    });
    assert.equal(unknown.status, 422);
    assert.deepEqual(((await unknown.json()) as { errors: unknown }).errors, {
      '.': emailChangeMessages.linkInvalid,
    });

    const reset = await newResetToken(app, customer.id);
    await app.app.get(AuthTokensService).issue(customer.id, 'verify-email');
    const confirmed = await call('POST', endpoints.account.confirmEmailChange.path, null, {
      token: link,
    });
    assert.equal(confirmed.status, 200);
    assert.deepEqual(await confirmed.json(), { message: emailChangeMessages.changed });
    assert.equal(await emailOf(customer.id), newEmail);
    const session = (await (await call('GET', apiPaths.session, token)).json()) as {
      email: string;
      verified: boolean;
    };
    assert.equal(session.email, newEmail);
    assert.equal(session.verified, true);

    const again = await call('POST', endpoints.account.confirmEmailChange.path, null, {
      token: link,
    });
    assert.equal(again.status, 422);
    assert.deepEqual(((await again.json()) as { errors: unknown }).errors, {
      '.': emailChangeMessages.linkInvalid,
    });
    const usedCheck = await call('POST', endpoints.account.checkEmailChangeLink.path, null, {
      token: link,
    });
    assert.equal(usedCheck.status, 422, 'a used link is reported when its page opens');
    // A reset link mailed to the old address no longer works.
    const resetting = await call('POST', endpoints.auth.resetPassword.path, null, {
      token: reset,
      password: 'Another-Horse-9-battery',
    });
    assert.equal(resetting.status, 422);
    const live = (await db().query(
      `SELECT purpose FROM auth_tokens WHERE customer_id = $1 AND used_at IS NULL`,
      [customer.id],
    )) as unknown[];
    assert.deepEqual(live, [], 'no reset or verification link of the old address still works');
  });

  it('refuses an expired link, and a link whose address someone took meanwhile', async () => {
    const { customer, token } = await withPassword();
    const first = address('late');
    const before = smtp.received.length;
    await call('POST', endpoints.account.changeEmail.path, token, {
      newEmail: first,
      password: PASSWORD,
    });
    const link = tokenIn(await smtp.textOfMailTo(first, /Confirm your new email/, before));
    await db().query(
      `UPDATE email_changes SET expires_at = now() - interval '1 minute' WHERE customer_id = $1`,
      [customer.id],
    );
    const expiredCheck = await call('POST', endpoints.account.checkEmailChangeLink.path, null, {
      token: link,
    });
    assert.equal(expiredCheck.status, 422);
    const expired = await call('POST', endpoints.account.confirmEmailChange.path, null, {
      token: link,
    });
    assert.equal(expired.status, 422);
    assert.deepEqual(
      await call('GET', endpoints.account.emailChangeStatus.path, token).then((r) => r.json()),
      {},
    );

    const second = address('raced');
    const mark = smtp.received.length;
    await call('POST', endpoints.account.changeEmail.path, token, {
      newEmail: second,
      password: PASSWORD,
    });
    const racedLink = tokenIn(await smtp.textOfMailTo(second, /Confirm your new email/, mark));
    await newCustomer(db(), { email: second });
    // Resending it now would mail a link that can only be refused: refused at once instead.
    const mailsBefore = smtp.received.length;
    const resend = await call('POST', endpoints.account.changeEmail.path, token, { resend: true });
    assert.equal(resend.status, 403);
    assert.deepEqual(((await resend.json()) as { errors: unknown }).errors, {
      email: emailChangeMessages.inUse,
    });
    const raced = await call('POST', endpoints.account.confirmEmailChange.path, null, {
      token: racedLink,
    });
    assert.equal(raced.status, 403);
    assert.equal(((await raced.json()) as { error: string }).error, emailChangeMessages.inUse);
    assert.equal(await emailOf(customer.id), customer.email);
    assert.equal(smtp.received.length, mailsBefore, 'the refused resend mailed nothing');
  });

  it('resends to the pending address until the per-recipient limit, and cancels', async () => {
    const { customer, token } = await withPassword();
    const newEmail = address('resend');
    const jobs = watchJobs(app);
    const request = (body: object) => call('POST', endpoints.account.changeEmail.path, token, body);
    assert.equal((await request({ newEmail, password: PASSWORD })).status, 200);
    // Resend needs no password and mails the pending address whatever the page sent, or none.
    assert.equal((await request({ newEmail: address('ignored'), resend: true })).status, 200);
    const bare = await request({ resend: true });
    assert.equal(bare.status, 200);
    assert.deepEqual(await bare.json(), { message: emailChangeMessages.sent(newEmail) });
    const limited = await request({ newEmail, resend: true });
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) > 0, 'the wait is named');
    // Mail goes out through the job queue: once every queued job has run, a fourth would be here.
    await jobs.idle('the mail jobs');
    jobs.stop();
    const mailsTo = () =>
      smtp.received.filter((mail) => mail.envelope.to.some((to) => to.includes(newEmail))).length;
    assert.equal(mailsTo(), 3);

    const cancelled = await call('DELETE', endpoints.account.cancelEmailChange.path, token);
    assert.deepEqual(await cancelled.json(), { message: emailChangeMessages.cancelled });
    assert.deepEqual(await pendingRows(customer.id), []);
    const nothing = await request({ newEmail, resend: true });
    assert.equal(nothing.status, 422);
  });

  async function pendingLink(token: string, newEmail: string): Promise<string> {
    const mark = smtp.received.length;
    const response = await call('POST', endpoints.account.changeEmail.path, token, {
      newEmail,
      password: PASSWORD,
    });
    assert.equal(response.status, 200, await response.clone().text());
    return tokenIn(await smtp.textOfMailTo(newEmail, /Confirm your new email/, mark));
  }
  const holdersOf = async (email: string) =>
    Number(
      (
        (await db().query('SELECT count(*)::int AS n FROM customers WHERE email = $1', [
          email,
        ])) as Array<{ n: number }>
      )[0]!.n,
    );

  it('lets exactly one of two customers confirming the same address at once have it', async () => {
    const alice = await withPassword();
    const bob = await withPassword();
    const wanted = address('both');
    const links = [await pendingLink(alice.token, wanted), await pendingLink(bob.token, wanted)];
    const answers = await Promise.all(
      links.map((link) =>
        call('POST', endpoints.account.confirmEmailChange.path, null, { token: link }),
      ),
    );
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 403]);
    const loser = answers.find((answer) => answer.status === 403)!;
    assert.deepEqual(await loser.json().then((body) => (body as { errors: unknown }).errors), {
      email: emailChangeMessages.inUse,
    });
    assert.equal(await holdersOf(wanted), 1);
    const emails = [await emailOf(alice.customer.id), await emailOf(bob.customer.id)];
    assert.equal(emails.filter((email) => email === wanted).length, 1);
    assert.ok(emails.includes(alice.customer.email) || emails.includes(bob.customer.email));
  });

  it('refuses cleanly when someone registers the address while the link is confirmed', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { customer, token } = await withPassword();
      const wanted = address(`registered-${round}`);
      const link = await pendingLink(token, wanted);
      const [confirmed, registered] = await Promise.all([
        call('POST', endpoints.account.confirmEmailChange.path, null, { token: link }),
        call('POST', endpoints.auth.register.path, null, {
          name: 'Racer',
          email: wanted,
          password: PASSWORD,
        }),
      ]);
      // One of them gets the address; the other is refused with its own catalogue answer.
      const outcome = [confirmed.status, registered.status];
      assert.ok(
        (outcome[0] === 200 && outcome[1] === 422) || (outcome[0] === 403 && outcome[1] === 200),
        `confirm ${outcome[0]}, register ${outcome[1]}`,
      );
      assert.equal(await holdersOf(wanted), 1);
      assert.equal(await emailOf(customer.id), outcome[0] === 200 ? wanted : customer.email);
    }
  });

  it("never touches another customer's change", async () => {
    const alice = await withPassword();
    const bob = await withPassword();
    const newEmail = address('alice-new');
    await call('POST', endpoints.account.changeEmail.path, alice.token, {
      newEmail,
      password: PASSWORD,
    });
    await call('DELETE', endpoints.account.cancelEmailChange.path, bob.token);
    assert.equal((await pendingRows(alice.customer.id)).length, 1);
    assert.deepEqual(
      await call('GET', endpoints.account.emailChangeStatus.path, bob.token).then((r) => r.json()),
      {},
    );
  });
});

describe('the e-mail change per customer: a stolen session cannot mail address after address', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({
      web: false,
      env: { RATE_LIMIT_RECOVERY: '2/3600', RATE_LIMIT_LOGIN: '1000/60' },
    });
  });
  after(async () => {
    await app?.stop();
  });

  it('stops the third request of the hour with 429 and Retry-After, whatever the address', async () => {
    const db = app.runtime.dataSource;
    const customer = await newCustomer(db, { passwordHash: await passwordHashFor(PASSWORD) });
    const token = await newSession(app, customer.id);
    const call = sessionCaller(app);
    const ask = (newEmail: string) =>
      call('POST', endpoints.account.changeEmail.path, token, { newEmail, password: PASSWORD });
    const second = address('second');
    assert.equal((await ask(address('first'))).status, 200);
    assert.equal((await ask(second)).status, 200);
    const third = await ask(address('third'));
    assert.equal(third.status, 429);
    assert.ok(Number(third.headers.get('retry-after')) > 0);
    assert.equal(typeof ((await third.json()) as { error: unknown }).error, 'string');
    const rows = (await db.query('SELECT new_email FROM email_changes WHERE customer_id = $1', [
      customer.id,
    ])) as Array<{ new_email: string }>;
    assert.deepEqual(
      rows.map((row) => row.new_email),
      [second],
      'the refused request changed nothing',
    );
    // Another customer is not held back by this one's count.
    const other = await newCustomer(db, { passwordHash: await passwordHashFor(PASSWORD) });
    const otherToken = await newSession(app, other.id);
    const theirs = await call('POST', endpoints.account.changeEmail.path, otherToken, {
      newEmail: address('theirs'),
      password: PASSWORD,
    });
    assert.equal(theirs.status, 200);
  });
});
