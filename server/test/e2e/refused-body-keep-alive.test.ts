import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { endpoints } from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';
import { FUZZ_RATE_LIMITS } from '../support/fuzz.js';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The local port: the same one for every request means the same connection. */
  port: number;
}

/**
 * A refused body must not hang the connection it came on (issue 28, item 6): a browser reuses
 * its connection, so the customer's next click would get no answer. One keep-alive connection
 * for every request here, as a browser's would be.
 */
describe('a body refused as too large leaves its connection usable', () => {
  let app: TestApp;
  let agent: http.Agent;

  before(async () => {
    app = await startTestApp({ env: FUZZ_RATE_LIMITS });
  });
  after(async () => {
    agent?.destroy();
    await app?.stop();
  });

  function send(
    method: string,
    path: string,
    body: string | null,
    contentType: string,
    extraHeaders: Record<string, string> = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const url = new URL(path, app.url);
      const request = http.request(
        url,
        {
          method,
          agent,
          headers: {
            origin: app.url,
            'content-type': contentType,
            ...(body === null ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
            ...extraHeaders,
          },
          // Well past any answer here: a hang fails the test instead of stalling it.
          timeout: 8_000,
        },
        (response) => {
          const port = response.socket.localPort ?? 0;
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              port,
            }),
          );
        },
      );
      request.on('timeout', () => request.destroy(new Error(`${method} ${path}: no answer`)));
      request.on('error', reject);
      request.end(body ?? undefined);
    });
  }

  const form = 'application/x-www-form-urlencoded';
  const bigForm = `email=${'x'.repeat(200 * 1024)}`;

  it('answers a 200 KB page form post 413, then the next post on the same connection', async () => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const refused = await send('POST', '/auth/register', bigForm, form);
    assert.equal(refused.status, 413);
    const next = await send('POST', '/auth/login', 'email=a%40example.com&password=x', form);
    assert.equal(next.status, 422);
    assert.match(next.body, /<form/);
    // Still one connection for both, or a fresh one after an announced close: never a hang.
    assert.ok(
      next.port === refused.port || refused.headers.connection === 'close',
      'the refused post left its connection open and unusable',
    );
  });

  it('does the same for an API JSON body past the JSON limit', async () => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const body = JSON.stringify({ email: 'x'.repeat(app.config.jsonBodyLimitBytes + 1) });
    const refused = await send('POST', endpoints.auth.login.path, body, 'application/json');
    assert.equal(refused.status, 413);
    const next = await send('GET', endpoints.health.live.path, null, 'application/json');
    assert.equal(next.status, 200);
  });

  it('and for a page post declared larger than any body the server takes', async () => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const body = 'x'.repeat(app.config.bodyLimitBytes + 1);
    const refused = await send('POST', '/auth/register', body, form);
    assert.equal(refused.status, 413);
    const next = await send('POST', '/auth/login', 'email=a%40example.com&password=x', form);
    assert.equal(next.status, 422);
  });
});
