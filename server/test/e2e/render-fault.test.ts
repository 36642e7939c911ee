import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { freePort } from '../support/ports.js';
import { movingProjectData, tinyGifInput } from '../support/renders.js';

/**
 * Issue 32's fault test: 200 tiny renders of several customers on two real worker processes
 * (`worker.js`) and a Redis of the test's own that keeps nothing on disk. Midway both workers are
 * killed with SIGKILL and two new ones started; later the Redis server is restarted (every job
 * and the sweep's schedule gone). Every render still ends done or failed with a reason, none
 * stays active, and none is rendered twice (completions ≤ 1, one file each).
 */

const workerFile = fileURLToPath(new URL('../../src/worker.js', import.meta.url));
const CUSTOMERS = 8;
/**
 * 25 a customer: the 200 renders. RENDER_FAULT_PER_CUSTOMER makes it smaller on a machine
 * too busy to render 200 within the runner's 10 minutes a file (each render is a real Chromium
 * page and ffmpeg).
 */
const PER_CUSTOMER = Number(process.env.RENDER_FAULT_PER_CUSTOMER ?? 25);
const TOTAL = CUSTOMERS * PER_CUSTOMER;

interface Running {
  child: ChildProcess;
  exited: Promise<unknown>;
  output(): string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(
  'render jobs survive killed workers and a Redis restart (issue 32 fault test)',
  { timeout: 1_200_000 },
  () => {
    let database: TestDatabase;
    let db: pg.Client;
    let dataDir: string;
    let redisPort: number;
    let redis: Running | null = null;
    const workers: Running[] = [];
    let env: Record<string, string>;

    function startRedis(): Promise<Running> {
      const child = spawn(
        '/usr/bin/redis-server',
        ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      return running(child, 'Ready to accept connections', 'redis-server');
    }

    function startWorker(): Promise<Running> {
      const child = spawn(process.execPath, [workerFile], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      return running(child, 'Animata worker is running', 'the worker');
    }

    async function running(child: ChildProcess, ready: string, what: string): Promise<Running> {
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise((resolve) => child.on('exit', resolve));
      const deadline = Date.now() + 90_000;
      while (!output.includes(ready)) {
        if (child.exitCode !== null || Date.now() > deadline) {
          child.kill('SIGKILL');
          throw new Error(`${what} did not start:\n${output}`);
        }
        await sleep(50);
      }
      return { child, exited, output: () => output };
    }

    async function kill(process: Running): Promise<void> {
      process.child.kill('SIGKILL');
      await process.exited;
    }

    async function counts(): Promise<Record<string, number>> {
      const rows = await db.query<{ status: string; count: number }>(
        `SELECT status, count(*)::int AS count FROM renders GROUP BY status`,
      );
      return Object.fromEntries(rows.rows.map((row) => [row.status, row.count]));
    }

    async function until(
      condition: (c: Record<string, number>) => boolean,
      what: string,
      timeoutMs: number,
    ) {
      const deadline = Date.now() + timeoutMs;
      let last: Record<string, number> = {};
      while (Date.now() < deadline) {
        last = await counts();
        if (condition(last)) return;
        await sleep(200);
      }
      const open = await db.query(
        `SELECT id, status, attempts, completions, updated_at FROM renders
          WHERE status NOT IN ('done', 'failed') AND status <> 'queued'`,
      );
      throw new Error(
        `timed out waiting for ${what}: ${JSON.stringify(last)}\n${JSON.stringify(open.rows)}\n${workers.map((w) => w.output().slice(-6000)).join('\n---\n')}`,
      );
    }

    const ended = (c: Record<string, number>) => (c.done ?? 0) + (c.failed ?? 0);

    before(async () => {
      database = await createTestDatabase();
      db = new pg.Client({ connectionString: database.url });
      await db.connect();
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'animata-render-fault-'));
      redisPort = await freePort();
      redis = await startRedis();
      env = {
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        REDIS_PREFIX: `animata-fault-${randomBytes(3).toString('hex')}`,
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        METRICS_PORT: '0',
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error',
        SHUTDOWN_TIMEOUT_MS: '5000',
        // A render hung by the kills or the restart is tried again within the test's waits.
        RENDERS_STALL_MS: '20000',
        RENDERS_RECOVER_EVERY_MS: '2000',
      };
    });

    after(async () => {
      for (const worker of workers) if (worker.child.exitCode === null) await kill(worker);
      if (redis && redis.child.exitCode === null) await kill(redis);
      await db?.end();
      await database?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('ends every render once: done or failed with a reason, none lost, none rendered twice', async () => {
      // A PNG sequence (zip): the render's Chromium frames without an ffmpeg process, so 200
      // renders fit the runner's 10 minutes a file on a busy machine; the queue is what is tested.
      const input = JSON.stringify({ ...tinyGifInput(2), extension: 'zip' });
      const deadline = Date.now() + 540_000;
      const left = () => Math.max(1_000, deadline - Date.now());
      const data = JSON.stringify(movingProjectData(1000));
      for (let c = 0; c < CUSTOMERS; c += 1) {
        const suffix = randomBytes(5).toString('hex');
        const customer = await db.query<{ id: string }>(
          `INSERT INTO customers (email, name, verified_at) VALUES ($1, $2, now()) RETURNING id`,
          [`renderer-${suffix}@example.test`, `Renderer ${suffix}`],
        );
        const customerId = customer.rows[0]!.id;
        const projectId = randomBytes(16).toString('hex');
        await db.query(
          `INSERT INTO projects (id, owner_id, title, width, height, duration_ms, size_bytes, data)
         VALUES ($1, $2, 'Fault', 32, 32, 1000, $3, $4)`,
          [projectId, customerId, data.length, data],
        );
        // As the renders API leaves them: queued, in the customer's line.
        await db.query(
          `INSERT INTO renders (id, customer_id, project_id, project_title, title, extension, job_input,
                              watermark, duration_ms, plan_rank, created_at)
         SELECT md5(random()::text || i), $1, $2, 'Fault', 'Render ' || i, 'zip', $3, false, 200,
                $4, now() + i * interval '1 millisecond'
           FROM generate_series(1, $5) i`,
          [customerId, projectId, input, c % 3, PER_CUSTOMER],
        );
      }

      // The workers' start sweep pumps every customer's line.
      workers.push(await startWorker(), await startWorker());
      await until((c) => ended(c) >= TOTAL * 0.2, 'a fifth of the renders to end', left());

      // Both workers die mid-render; two new ones take over (BullMQ's stalled-job check and the sweep).
      await Promise.all(workers.splice(0).map(kill));
      workers.push(await startWorker(), await startWorker());
      await until((c) => ended(c) >= TOTAL * 0.5, 'half of the renders to end', left());

      // Redis restarts with nothing: jobs and schedules gone; the workers reconnect by themselves.
      await kill(redis!);
      redis = await startRedis();
      await until((c) => ended(c) === TOTAL, 'every render to end', left());
      for (const worker of workers) assert.equal(worker.child.exitCode, null, 'the workers run on');

      const rows = await db.query<{
        id: string;
        status: string;
        completions: number;
        error: string | null;
        file_key: string | null;
      }>(`SELECT id, status, completions, error, file_key FROM renders`);
      assert.equal(rows.rows.length, TOTAL);
      for (const row of rows.rows) {
        assert.ok(['done', 'failed'].includes(row.status), `${row.id} ended (${row.status})`);
        assert.ok(row.completions <= 1, `${row.id} rendered once`);
        if (row.status === 'done') {
          assert.equal(row.completions, 1);
          assert.equal(row.file_key, `renders/${row.id}.zip`);
        } else {
          assert.ok(row.error && row.error.length > 0, `${row.id} failed with a reason`);
        }
      }
      const files = (await readdir(path.join(dataDir, 'files', 'renders'))).sort();
      const expected = rows.rows
        .filter((row) => row.status === 'done')
        .map((row) => `${row.id}.zip`)
        .sort();
      assert.deepEqual(files, expected, 'one file for each done render and no other');
    });
  },
);
