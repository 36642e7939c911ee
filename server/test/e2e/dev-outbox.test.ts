import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { outboxPageAddress } from '@animata/contracts';
import { JOB_QUEUE } from '../../src/common/tokens.js';
import type { JobQueue } from '../../src/jobs/job-queue.port.js';
import { MailService } from '../../src/modules/mail/mail.service.js';
import { startTestApp, type TestApp } from '../support/app.js';

/** Sends through MailService (no SMTP_URL: the outbox) and waits for the job to finish. */
async function sendMail(
  app: TestApp,
  message: { to: string; subject: string; text: string; html?: string },
) {
  const queue = app.app.get<JobQueue>(JOB_QUEUE);
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('mail.send did not complete')), 10_000);
    const stop = queue.onEvent((event) => {
      if (event.name !== 'mail.send' || event.type === 'progress') return;
      stop();
      clearTimeout(timer);
      if (event.type === 'completed') resolve();
      else reject(new Error(`mail.send failed: ${event.error}`));
    });
  });
  await app.app.get(MailService).send(message);
  await done;
}

const formPost = (body: string, cookie?: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
  body,
  redirect: 'manual',
});

describe('dev outbox page (/dev/outbox), without JavaScript', () => {
  let app: TestApp;

  let page: string;

  before(async () => {
    app = await startTestApp();
    page = outboxPageAddress(app.config.devOutboxKey!);
  });
  after(async () => {
    await app?.stop();
  });

  it('shows the empty state before any mail', async () => {
    const response = await fetch(`${app.url}${page}`);
    assert.equal(response.status, 200);
    const html = await response.text();
    assert.match(html, /<h1[^>]*>Outbox<\/h1>/);
    assert.match(html, /No mail yet/);
    assert.doesNotMatch(html, /Clear outbox/);
  });

  it('lists a mail sent through MailService, with its link clickable, and clears it with a plain form post', async () => {
    await sendMail(app, {
      to: 'eve@example.com',
      subject: 'Verify your e-mail',
      text: 'Hello Eve,\nconfirm here: https://animata.test/verify?token=t0k3n.\nThanks',
      html: '<p>Hello Eve</p>',
    });
    await sendMail(app, { to: 'fay@example.com', subject: 'Second mail', text: 'Later one' });

    const listed = await fetch(`${app.url}${page}`);
    assert.equal(listed.status, 200);
    const html = await listed.text();
    assert.match(html, /<h2[^>]*>Verify your e-mail<\/h2>/);
    assert.match(html, /<dd>eve@example\.com<\/dd>/);
    assert.match(
      html,
      /<time dateTime="\d{4}-\d\d-\d\dT[^"]+Z">[A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d GMT<\/time>/,
    );
    assert.match(
      html,
      /confirm here: <a href="https:\/\/animata\.test\/verify\?token=t0k3n" rel="noreferrer">https:\/\/animata\.test\/verify\?token=t0k3n<\/a>\.\nThanks/,
    );
    assert.match(html, /<summary>HTML version<\/summary><iframe[^>]*sandbox=""/);
    assert.ok(html.indexOf('Second mail') < html.indexOf('Verify your e-mail'), 'newest first');
    // The form posts to the page's address, key included.
    const action =
      /<form method="post" action="([^"]+)"[^>]*>.*<button type="submit" name="intent" value="clear"[^>]*>Clear outbox<\/button>/s.exec(
        html,
      )?.[1];
    assert.equal(action?.replace(/&amp;/g, '&'), page);

    const cleared = await fetch(`${app.url}${page}`, formPost('intent=clear'));
    assert.equal(cleared.status, 302);
    assert.equal(cleared.headers.get('location'), page);
    const cookie = cleared.headers
      .getSetCookie()
      .find((c) => c.startsWith('animata_notification='));
    assert.ok(cookie, 'the redirect carries the notification');

    const after = await fetch(`${app.url}${page}`, {
      headers: { cookie: cookie.split(';')[0]! },
    });
    const afterHtml = await after.text();
    assert.match(afterHtml, /Outbox cleared/);
    assert.match(afterHtml, /snackbar--success/);
    assert.match(afterHtml, /No mail yet/);
    assert.doesNotMatch(afterHtml, /Verify your e-mail/);
    assert.deepEqual(await app.runtime.dataSource.query('SELECT id FROM mail_outbox'), []);
  });

  it('is the 404 page without the key, with another key or through a proxy, and a clearing post changes nothing', async () => {
    await sendMail(app, { to: 'gus@example.com', subject: 'Reset your password', text: 'x' });
    const refused: Array<[string, Record<string, string>]> = [
      ['/dev/outbox', {}],
      ['/dev/outbox?key=not-the-key-of-this-start', {}],
      [page, { 'x-forwarded-for': '203.0.113.9' }],
      [page, { forwarded: 'for=203.0.113.9' }],
      [page, { 'x-real-ip': '203.0.113.9' }],
    ];
    for (const [address, headers] of refused) {
      const what = `${address} ${JSON.stringify(headers)}`;
      const response = await fetch(`${app.url}${address}`, { headers });
      assert.equal(response.status, 404, what);
      const html = await response.text();
      assert.match(html, /Resource could not be found on the server\./, what);
      assert.doesNotMatch(html, /Reset your password|gus@example\.com/, what);
      const post = await fetch(`${app.url}${address}`, {
        ...formPost('intent=clear'),
        headers: { ...formPost('intent=clear').headers, ...headers },
      });
      assert.equal(post.status, 404, what);
    }
    const rows: unknown[] = await app.runtime.dataSource.query('SELECT 1 FROM mail_outbox');
    assert.equal(rows.length, 1);
  });
});

describe('dev outbox page in production', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://animata.example' },
    });
  });
  after(async () => {
    await app?.stop();
  });

  it('is the 404 page, and a clearing post changes nothing', async () => {
    await app.runtime.dataSource.query(
      "INSERT INTO mail_outbox (recipient, subject, text_body) VALUES ('g@example.com', 'Reset link', 'x')",
    );
    const page = await fetch(`${app.url}/dev/outbox`);
    assert.equal(page.status, 404);
    const html = await page.text();
    assert.match(html, /Resource could not be found on the server\./);
    assert.doesNotMatch(html, /Reset link/);
    const post = await fetch(`${app.url}/dev/outbox`, formPost('intent=clear'));
    assert.equal(post.status, 404);
    const rows: unknown[] = await app.runtime.dataSource.query('SELECT 1 FROM mail_outbox');
    assert.equal(rows.length, 1);
  });
});
