import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { endpoints, ownMessages } from '@animata/contracts';
import pg from 'pg';
import { hashToken, newToken } from '../../src/common/ids.js';
import { sessionCookieName } from '../../src/modules/sessions/index.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { freePort } from '../support/ports.js';
import { waitUntil } from '../support/waits.js';

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

/** Stops a PostgreSQL a failed test left running in the data directory (fast shutdown). */
async function stopLeftoverPostgres(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0]);
  if (pid > 0) {
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      return; // Gone already.
    }
    // It removes its pid file once stopped; then its directory can go.
    await waitUntil(() => !existsSync(pidFile), 'the left-over PostgreSQL stopped');
  }
}

/** A customer with a live session in the database, as a Cookie header value. */
async function signedInCustomer(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const token = newToken();
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO customers (email, name, verified_at) VALUES ($1, 'Importer', now()) RETURNING id`,
      [`importer-${token.slice(0, 8).toLowerCase()}@example.test`],
    );
    await client.query(
      `INSERT INTO sessions (id, customer_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
      [hashToken(token), rows[0]!.id],
    );
    return `${sessionCookieName({ env: 'test' })}=${encodeURIComponent(token)}`;
  } finally {
    await client.end();
  }
}

/** Projects of the database: id and whether the preview is still pending. */
async function projectPreviews(
  databaseUrl: string,
): Promise<Array<{ id: string; pending: boolean }>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; pending_preview: boolean }>(
      'SELECT id, pending_preview FROM projects',
    );
    return rows.map((row) => ({ id: row.id, pending: row.pending_preview }));
  } finally {
    await client.end();
  }
}

/** An SVG of about 1.5 MB: long paths, well within the import's limits, a second or so of work. */
function heavySvg(): string {
  const segments = Array.from({ length: 26 }, (_, i) => `L${i * 37} ${(i * 53) % 1000}`).join(' ');
  const path = `<path d="M0 0 ${segments} Z" fill="#7c5cff"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000">${path.repeat(6_000)}</svg>`;
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
    if (dataDir) {
      await stopLeftoverPostgres(path.join(dataDir, 'postgres'));
      await rm(dataDir, { recursive: true, force: true });
    }
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

  it('stops the embedded PostgreSQL it reused after a kill -9, on SIGTERM', async () => {
    const env = { DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(embeddedPort) };
    const killed = await startMain(env);
    killed.child.kill('SIGKILL');
    await killed.exited;
    // The killed process's PostgreSQL is left running; the next start reuses it.
    assert.equal(await accepts(embeddedPort), true);
    const next = await startMain(env);
    next.child.kill('SIGTERM');
    assert.deepEqual(await next.exited, { code: 0, signal: null }, next.output());
    assert.equal(await accepts(embeddedPort), false);
  });

  it('answers every import in flight at SIGTERM (201 or 503 with Retry-After), and the next start writes every preview', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = {
      DATABASE_URL: database.url,
      PORT: String(port),
      PUBLIC_URL: origin,
      WORKER_THREADS: '1',
      // The running imports finish before the exit; on a machine busy with other test files
      // (a render file's Chromiums) they may need more than the default 10 s.
      SHUTDOWN_TIMEOUT_MS: '30000',
    };
    const cookie = await signedInCustomer(database.url);
    const server = await startMain(env);
    const svg = heavySvg();
    const imports = Array.from({ length: 8 }, (_, i) => {
      const form = new FormData();
      form.append('file', new Blob([svg], { type: 'image/svg+xml' }), `drawing-${i}.svg`);
      return fetch(`${origin}${endpoints.projects.import.path}`, {
        method: 'POST',
        headers: { cookie, origin },
        body: form,
      });
    });
    // The stop comes while the others wait for the worker thread.
    await Promise.race(imports);
    server.child.kill('SIGTERM');
    const answers = await Promise.all(
      imports.map(async (request) => {
        const response = await request;
        const body = (await response.json()) as { error?: string; requestId?: string };
        return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
      }),
    );
    assert.deepEqual(await server.exited, { code: 0, signal: null }, server.output());
    for (const answer of answers) {
      if (answer.status === 201) continue;
      assert.equal(answer.status, 503, JSON.stringify(answer));
      assert.match(String(answer.retryAfter), /^[1-9][0-9]*$/);
      assert.equal(answer.body.error, ownMessages.serviceUnavailable);
      assert.match(String(answer.body.requestId), /.+/);
    }
    const created = answers.filter((answer) => answer.status === 201).length;
    assert.ok(created >= 1, JSON.stringify(answers.map((answer) => answer.status)));
    assert.equal((await projectPreviews(database.url)).length, created);

    // Whatever preview the stop left pending is queued again when the process starts.
    const restarted = await startMain(env);
    try {
      await waitUntil(
        async () => (await projectPreviews(database.url)).every((project) => !project.pending),
        'every preview written after the restart',
        { timeoutMs: 60_000, everyMs: 200 },
      );
    } finally {
      restarted.child.kill('SIGTERM');
      await restarted.exited;
    }
  });
});
