import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { ConfigError } from '../../src/config/config.js';
import {
  startEmbeddedPostgres,
  type EmbeddedDatabase,
} from '../../src/database/embedded-postgres.js';
import { testEnvironment } from '../support/environment.js';
import { freePort } from '../support/ports.js';

const quiet = { info: () => undefined, warn: () => undefined };

describe('embedded PostgreSQL', () => {
  let dir: string;
  let blocker: net.Server;
  let port: number;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'animata-test-embedded-'));
    // Run as root, PostgreSQL runs as the postgres user and must be able to enter the folder.
    if (process.getuid?.() === 0) spawnSync('chmod', ['755', dir]);
    blocker = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    port = (blocker.address() as net.AddressInfo).port;
  });
  after(async () => {
    await new Promise((resolve) => blocker?.close(resolve));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('explains a failed start with PostgreSQL’s own message, when its port is taken', async () => {
    await assert.rejects(
      startEmbeddedPostgres(path.join(dir, 'data'), port, quiet),
      (error: Error) => {
        assert.match(error.message, new RegExp(`did not start on 127\\.0\\.0\\.1:${port}`));
        assert.match(error.message, /EMBEDDED_POSTGRES_PORT/);
        assert.match(error.message, /could not bind|Address already in use/i);
        return true;
      },
    );
  });
});

async function databaseAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return false;
  }
  try {
    return (await client.query('SELECT 1 AS one')).rows[0]?.one === 1;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL when its port already answers', () => {
  let root: string;
  let port: number;
  let first: EmbeddedDatabase;

  before(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'animata-test-embedded-two-'));
    // Run as root, PostgreSQL runs as the postgres user and must be able to enter the folder.
    if (process.getuid?.() === 0) spawnSync('chmod', ['755', root]);
    port = await freePort();
    first = await startEmbeddedPostgres(path.join(root, 'first'), port, quiet);
  });
  after(async () => {
    await first?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('refuses the server of another data directory, naming EMBEDDED_POSTGRES_PORT', async () => {
    const second = path.join(root, 'second');
    await assert.rejects(startEmbeddedPostgres(second, port, quiet), (error: Error) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, new RegExp(`EMBEDDED_POSTGRES_PORT \\(${port}\\)`));
      assert.ok(error.message.includes(path.join(root, 'first')), error.message);
      assert.ok(error.message.includes(second), error.message);
      return true;
    });
    assert.equal(existsSync(second), false, 'no second cluster was created');
    assert.equal(await databaseAnswers(first.url), true);
  });

  it('reuses the server of our own data directory, also reached through a symbolic link, and stops what it reused', async () => {
    const again = await startEmbeddedPostgres(path.join(root, 'first'), port, quiet);
    assert.equal(again.url, first.url);
    assert.equal(await databaseAnswers(again.url), true);
    await symlink(path.join(root, 'first'), path.join(root, 'link'));
    const linked = await startEmbeddedPostgres(path.join(root, 'link'), port, quiet);
    assert.equal(await databaseAnswers(linked.url), true);
    // A process that reused the server (its starter was killed hard) stops it as its own.
    await linked.stop();
    assert.equal(await databaseAnswers(first.url), false);
    await again.stop();
    // Running again for the tests that follow.
    first = await startEmbeddedPostgres(path.join(root, 'first'), port, quiet);
    assert.equal(await databaseAnswers(first.url), true);
  });

  it('never uses another PostgreSQL on the port, such as the test cluster', async () => {
    const admin = new URL(testEnvironment().adminUrl);
    if (!['127.0.0.1', 'localhost'].includes(admin.hostname)) return;
    await assert.rejects(
      startEmbeddedPostgres(path.join(root, 'third'), Number(admin.port || 5432), quiet),
      (error: Error) =>
        error instanceof ConfigError && /EMBEDDED_POSTGRES_PORT/.test(error.message),
    );
  });

  it('stops npm start with exit code 78 and the message', async () => {
    const main = fileURLToPath(new URL('../../src/main.js', import.meta.url));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      SERVE_WEB: 'false',
      DATA_DIR: path.join(root, 'other-checkout'),
      EMBEDDED_POSTGRES_PORT: String(port),
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // Had it started on the other database, it would run until stopped: stop it then.
    const timer = setTimeout(() => child.kill('SIGTERM'), 60_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearTimeout(timer);
    assert.equal(code, 78, output);
    assert.match(
      output,
      /EMBEDDED_POSTGRES_PORT \(\d+\): a PostgreSQL with another data directory/,
    );
    assert.doesNotMatch(output, /\n\s+at /, 'a message, not a stack');
  });
});
