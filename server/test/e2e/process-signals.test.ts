import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { freePort } from '../support/ports.js';

const main = fileURLToPath(new URL('../../src/main.js', import.meta.url));

interface Running {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

/** `node server/dist/server/src/main.js` as `npm start` runs it, until it says it is running. */
async function startMain(env: Record<string, string>, detached = false): Promise<Running> {
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      SERVE_WEB: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 90_000;
  while (!output.includes('Animata is running')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, exited, output: () => output };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

describe('stopping the server process', () => {
  let database: TestDatabase;
  let dataDir: string;
  let embeddedPort: number;

  before(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'animata-test-process-'));
    // Run as root, the embedded PostgreSQL runs as the postgres user and must enter the folder.
    if (process.getuid?.() === 0) spawnSync('chmod', ['755', dataDir]);
    embeddedPort = await freePort();
  });
  after(async () => {
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes its graceful stop on SIGTERM and exits with 0 when DATABASE_URL is set', async () => {
    const server = await startMain({ DATABASE_URL: database.url });
    server.child.kill('SIGTERM');
    assert.deepEqual(await server.exited, { code: 0, signal: null }, server.output());
  });

  it('stops its embedded PostgreSQL on SIGTERM and exits with 0', async () => {
    const server = await startMain({
      DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(embeddedPort),
    });
    assert.equal(await accepts(embeddedPort), true);
    server.child.kill('SIGTERM');
    assert.deepEqual(await server.exited, { code: 0, signal: null }, server.output());
    assert.equal(await accepts(embeddedPort), false);
  });

  it('exits with 0 on Ctrl-C, which reaches the embedded PostgreSQL as well', async () => {
    const server = await startMain(
      { DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(embeddedPort) },
      true,
    );
    // A terminal's Ctrl-C signals the whole foreground process group.
    process.kill(-server.child.pid!, 'SIGINT');
    assert.deepEqual(await server.exited, { code: 0, signal: null }, server.output());
    assert.equal(await accepts(embeddedPort), false);
  });
});
