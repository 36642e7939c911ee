import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { JOB_QUEUE } from '../../src/common/tokens.js';
import type { JobEvent, JobQueue } from '../../src/jobs/job-queue.port.js';
import { MailService } from '../../src/modules/mail/mail.service.js';
import { OutboxMailTransport } from '../../src/modules/mail/outbox-mail.transport.js';
import { OutboxRepository } from '../../src/modules/mail/outbox.repository.js';
import { SmtpMailTransport } from '../../src/modules/mail/smtp-mail.transport.js';
import { startTestApp, type TestApp } from '../support/app.js';
import {
  decodeHeader,
  headersOf,
  partsOf,
  startSmtpReceiver,
  type SmtpReceiver,
} from '../support/smtp.js';

const FROM = 'Animata <no-reply@animata.test>';

/** Resolves when the queue reports the next finished mail.send job, with its event. */
function nextFinished(queue: JobQueue): Promise<JobEvent> {
  return new Promise((resolve) => {
    const stop = queue.onEvent((event) => {
      if (event.name !== 'mail.send') return;
      if (event.type === 'completed' || (event.type === 'failed' && !event.willRetry)) {
        stop();
        resolve(event);
      }
    });
  });
}

describe('SMTP mail transport (nodemailer against a real SMTP server)', () => {
  let smtp: SmtpReceiver;

  before(async () => {
    smtp = await startSmtpReceiver();
  });
  after(async () => {
    await smtp?.close();
  });

  it('delivers sender, recipient, subject, text and HTML', async () => {
    const transport = new SmtpMailTransport(smtp.url, FROM);
    await transport.send({
      to: 'ann@example.com',
      subject: 'Grüße from Animata',
      text: 'Confirm your e-mail: https://animata.test/verify?token=abc\nSee you soon.',
      html: '<p>Confirm your <a href="https://animata.test/verify?token=abc">e-mail</a>.</p>',
    });
    const mail = await smtp.nth(1);
    assert.deepEqual(mail.envelope, { from: 'no-reply@animata.test', to: ['ann@example.com'] });
    const headers = headersOf(mail.raw);
    assert.equal(headers.from, 'Animata <no-reply@animata.test>');
    assert.equal(headers.to, 'ann@example.com');
    assert.equal(decodeHeader(headers.subject ?? ''), 'Grüße from Animata');
    assert.match(headers['content-type'] ?? '', /^multipart\/alternative/);
    const parts = partsOf(mail.raw);
    assert.equal(
      parts['text/plain'],
      'Confirm your e-mail: https://animata.test/verify?token=abc\r\nSee you soon.',
    );
    assert.equal(
      parts['text/html'],
      '<p>Confirm your <a href="https://animata.test/verify?token=abc">e-mail</a>.</p>',
    );
  });

  it('sends a text-only mail as a single text part', async () => {
    const transport = new SmtpMailTransport(smtp.url, FROM);
    await transport.send({ to: 'bob@example.com', subject: 'Plain', text: 'Only text.' });
    const mail = await smtp.nth(2);
    assert.match(headersOf(mail.raw)['content-type'] ?? '', /^text\/plain/);
    assert.equal(partsOf(mail.raw)['text/plain'], 'Only text.');
  });

  it('rejects when the server cannot be reached, so the job retries', async () => {
    const transport = new SmtpMailTransport('smtp://127.0.0.1:1', FROM);
    await assert.rejects(
      transport.send({ to: 'a@example.com', subject: 's', text: 't' }),
      /ECONNREFUSED/,
    );
  });
});

describe('mail through the queue with SMTP_URL set (BullMQ on Redis)', () => {
  let smtp: SmtpReceiver;
  let app: TestApp;

  before(async () => {
    smtp = await startSmtpReceiver();
    app = await startTestApp({
      redis: true,
      web: false,
      env: { SMTP_URL: smtp.url, MAIL_FROM: FROM },
    });
  });
  after(async () => {
    await app?.stop();
    await smtp?.close();
  });

  it('MailService.send queues mail.send and the worker delivers it over SMTP', async () => {
    const queue = app.app.get<JobQueue>(JOB_QUEUE);
    const finished = nextFinished(queue);
    await app.app
      .get(MailService)
      .send({ to: 'cy@example.com', subject: 'Queued', text: 'Through the queue.' });
    const mail = await smtp.nth(1);
    assert.equal(headersOf(mail.raw).subject, 'Queued');
    assert.equal(partsOf(mail.raw)['text/plain'], 'Through the queue.');
    const event = await finished;
    assert.equal(event.type, 'completed');
    assert.deepEqual(event.type === 'completed' ? event.result : null, { via: 'smtp' });
    const rows: unknown[] = await app.runtime.dataSource.query('SELECT 1 FROM mail_outbox');
    assert.equal(rows.length, 0, 'nothing went to the outbox');
  });
});

describe('outbox mail transport (the embedded default, PostgreSQL)', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({ web: false });
  });
  after(async () => {
    await app?.stop();
  });

  it('keeps a mail sent through MailService in mail_outbox', async () => {
    await app.runtime.dataSource.query('DELETE FROM mail_outbox');
    const finished = nextFinished(app.app.get<JobQueue>(JOB_QUEUE));
    await app.app.get(MailService).send({
      to: 'dee@example.com',
      subject: 'Kept',
      text: 'In the table.',
      html: '<p>In the table.</p>',
    });
    const event = await finished;
    assert.deepEqual(event.type === 'completed' ? event.result : event, { via: 'outbox' });
    const rows = await app.runtime.dataSource.query(
      'SELECT recipient, subject, text_body, html_body FROM mail_outbox',
    );
    assert.deepEqual(rows, [
      {
        recipient: 'dee@example.com',
        subject: 'Kept',
        text_body: 'In the table.',
        html_body: '<p>In the table.</p>',
      },
    ]);
  });

  it('lists the newest 50 first over the API and clears them all', async () => {
    await app.runtime.dataSource.query('DELETE FROM mail_outbox');
    const transport = new OutboxMailTransport(app.app.get(OutboxRepository));
    for (let i = 1; i <= 52; i += 1) {
      await transport.send({ to: `n${i}@example.com`, subject: `Mail ${i}`, text: `Text ${i}` });
    }
    const outbox = `${app.url}/api/dev/outbox?key=${encodeURIComponent(app.config.devOutboxKey!)}`;
    const response = await fetch(outbox);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const body = (await response.json()) as { items: Array<Record<string, unknown>> };
    assert.equal(body.items.length, 50);
    assert.deepEqual(
      body.items.slice(0, 2).map((m) => m.subject),
      ['Mail 52', 'Mail 51'],
    );
    assert.equal(body.items.at(-1)?.subject, 'Mail 3');
    const first = body.items[0]!;
    assert.deepEqual(Object.keys(first).sort(), [
      'createdAt',
      'html',
      'id',
      'subject',
      'text',
      'to',
    ]);
    assert.equal(first.to, 'n52@example.com');
    assert.equal(first.text, 'Text 52');
    assert.equal(first.html, null);
    assert.ok(!Number.isNaN(Date.parse(String(first.createdAt))));

    const cleared = await fetch(outbox, { method: 'DELETE' });
    assert.equal(cleared.status, 204);
    assert.deepEqual(await (await fetch(outbox)).json(), { items: [] });
  });

  it('answers anyone without the key, with another key or through a proxy the catalogue 404, and clears nothing', async () => {
    await app.runtime.dataSource.query('DELETE FROM mail_outbox');
    await app.runtime.dataSource.query(
      "INSERT INTO mail_outbox (recipient, subject, text_body) VALUES ('v@example.com', 'Reset your password', 'https://x/reset?token=secret')",
    );
    const key = encodeURIComponent(app.config.devOutboxKey!);
    const refused: Array<[string, Record<string, string>]> = [
      ['', {}],
      ['?key=', {}],
      ['?key=not-the-key-of-this-start', {}],
      [`?key=${key}x`, {}],
      [`?key=${key}`, { 'x-forwarded-for': '203.0.113.9' }],
      [`?key=${key}`, { 'x-forwarded-for': '127.0.0.1' }],
      [`?key=${key}`, { forwarded: 'for=203.0.113.9' }],
      [`?key=${key}`, { 'x-real-ip': '203.0.113.9' }],
    ];
    for (const [query, headers] of refused) {
      for (const method of ['GET', 'DELETE']) {
        const response = await fetch(`${app.url}/api/dev/outbox${query}`, {
          method,
          headers: { ...headers, 'x-request-id': 'outbox-1' },
        });
        const what = `${method} ${query} ${JSON.stringify(headers)}`;
        assert.equal(response.status, 404, what);
        assert.deepEqual(
          await response.json(),
          { error: 'Resource could not be found on the server.', requestId: 'outbox-1' },
          what,
        );
      }
    }
    const rows: unknown[] = await app.runtime.dataSource.query('SELECT 1 FROM mail_outbox');
    assert.equal(rows.length, 1);
  });
});

describe('dev outbox in production', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({
      web: false,
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://animata.example' },
    });
  });
  after(async () => {
    await app?.stop();
  });

  it('answers listing and clearing with the catalogue 404 and leaves the mail alone', async () => {
    await app.runtime.dataSource.query(
      "INSERT INTO mail_outbox (recipient, subject, text_body) VALUES ('e@example.com', 'Secret link', 'x')",
    );
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${app.url}/api/dev/outbox`, {
        method,
        headers: { 'x-request-id': 'prod-1' },
      });
      assert.equal(response.status, 404, method);
      assert.deepEqual(await response.json(), {
        error: 'Resource could not be found on the server.',
        requestId: 'prod-1',
      });
    }
    const rows: unknown[] = await app.runtime.dataSource.query('SELECT 1 FROM mail_outbox');
    assert.equal(rows.length, 1);
  });
});
