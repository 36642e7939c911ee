import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { startApp, type StartedApp } from '../../src/app/create-app.js';
import { loadConfig } from '../../src/config/config.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

describe('request logging (LOG_LEVEL=info)', () => {
  const lines: Array<Record<string, unknown>> = [];
  let app: StartedApp;
  let database: TestDatabase;
  let dataDir: string;

  before(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'animata-test-'));
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n'))
          if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'info',
    });
    app = await startApp(config, pino({ level: 'info' }, sink));
  });
  after(async () => {
    await app?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('logs API requests but not the health probes, nor the metrics scrape on its own port', async () => {
    for (const probe of ['/api/health', '/api/health/ready', '/api/health/ready?full=1']) {
      assert.equal((await fetch(`${app.url}${probe}`)).status, 200, probe);
    }
    assert.equal((await fetch(app.metricsUrl)).status, 200);
    assert.equal((await fetch(`${app.url}/api/animata/nothing-here`)).status, 404);
    const incoming = lines
      .filter((line) => line.msg === 'incoming request')
      .map((line) => (line.req as { url: string }).url);
    assert.deepEqual(incoming, ['/api/animata/nothing-here']);
    assert.equal(lines.filter((line) => line.msg === 'request completed').length, 1);
  });

  it('writes no token, code, secret, password or key of a query into the log', async () => {
    lines.length = 0;
    const secrets = [
      't0k3n-of-a-reset',
      'c0de-of-a-sign-in',
      'secr3t-of-a-client',
      'passw0rd-typed',
    ];
    for (const path of [
      `/auth/reset-password?token=${secrets[0]}`,
      `/api/animata/nothing?code=${secrets[1]}&client_secret=${secrets[2]}`,
      `/api/animata/nothing?Password=${secrets[3]}&tfa_token=${secrets[0]}`,
      `/api/dev/outbox?key=${secrets[2]}`,
    ]) {
      await (await fetch(`${app.url}${path}`)).arrayBuffer();
    }
    const logged = lines.map((line) => JSON.stringify(line)).join('\n');
    assert.match(logged, /incoming request/);
    for (const secret of secrets) assert.ok(!logged.includes(secret), `${secret} in:\n${logged}`);
    const urls = lines
      .filter((line) => line.msg === 'incoming request')
      .map((line) => (line.req as { url: string }).url);
    assert.deepEqual(urls, [
      '/auth/reset-password?token=[redacted]',
      '/api/animata/nothing?code=[redacted]&client_secret=[redacted]',
      '/api/animata/nothing?Password=[redacted]&tfa_token=[redacted]',
      '/api/dev/outbox?key=[redacted]',
    ]);
  });
});
