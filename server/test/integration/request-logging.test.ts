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

  it('logs API requests but not the health and metrics probes', async () => {
    for (const probe of [
      '/api/health',
      '/api/health/ready',
      '/metrics',
      '/api/health/ready?full=1',
    ]) {
      assert.equal((await fetch(`${app.url}${probe}`)).status, 200, probe);
    }
    assert.equal((await fetch(`${app.url}/api/animata/nothing-here`)).status, 404);
    const incoming = lines
      .filter((line) => line.msg === 'incoming request')
      .map((line) => (line.req as { url: string }).url);
    assert.deepEqual(incoming, ['/api/animata/nothing-here']);
    assert.equal(lines.filter((line) => line.msg === 'request completed').length, 1);
  });
});
