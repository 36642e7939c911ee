import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { startWorker, type StartedWorker } from '../../src/app/create-worker.js';
import { JOB_QUEUE } from '../../src/common/tokens.js';
import { loadConfig } from '../../src/config/config.js';
import type { JobEvent, JobQueue } from '../../src/jobs/job-queue.port.js';
import { MailService } from '../../src/modules/mail/mail.service.js';
import { CLEANUP_EVERY_MS } from '../../src/modules/maintenance/maintenance.jobs.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { testEnvironment } from '../support/environment.js';
import { quietLogger } from '../support/logger.js';
import { deleteRedisPrefix } from '../support/redis.js';

const workerEntry = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../src/worker.js',
);

function completedMail(queue: JobQueue): Promise<JobEvent> {
  return new Promise((resolve) => {
    const stop = queue.onEvent((event) => {
      if (event.name === 'mail.send' && event.type === 'completed') {
        stop();
        resolve(event);
      }
    });
  });
}

async function outboxSubjects(app: TestApp): Promise<string[]> {
  const rows: Array<{ subject: string }> = await app.runtime.dataSource.query(
    'SELECT subject FROM mail_outbox ORDER BY created_at',
  );
  return rows.map((row) => row.subject);
}

describe('a web process without workers and `npm run worker` sharing Redis and PostgreSQL', () => {
  const prefix = `animata-test-${randomBytes(4).toString('hex')}`;
  let database: TestDatabase;
  let web: TestApp;
  let redis: Redis;
  let maintenance: Queue;

  before(async () => {
    database = await createTestDatabase();
    redis = new Redis(testEnvironment().redisUrl, { maxRetriesPerRequest: null });
    maintenance = new Queue('maintenance', { connection: redis, prefix });
    web = await startTestApp({
      redis: true,
      web: false,
      database,
      redisPrefix: prefix,
      env: { RUN_WORKERS: 'false' },
    });
  });
  after(async () => {
    await web?.stop();
    await maintenance?.close();
    await deleteRedisPrefix(redis, prefix);
    await redis?.quit();
    await database?.drop();
  });

  function workerEnv(): Record<string, string> {
    return {
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      REDIS_URL: testEnvironment().redisUrl,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATA_DIR: web.config.dataDir,
    };
  }

  it('the web process queues mail but runs no job and sets no schedule', async () => {
    await web.app
      .get(MailService)
      .send({ to: 'wait@example.com', subject: 'Waiting for a worker', text: 'x' });
    assert.deepEqual(await outboxSubjects(web), []);
    assert.equal(await maintenance.getJobScheduler('maintenance.cleanup'), undefined);
  });

  it('a worker context runs the waiting job; the web process sees it complete', async () => {
    const completed = completedMail(web.app.get<JobQueue>(JOB_QUEUE));
    let worker: StartedWorker | undefined;
    try {
      worker = await startWorker(loadConfig(workerEnv()), quietLogger());
      const event = await completed;
      assert.deepEqual(event.type === 'completed' ? event.result : null, { via: 'outbox' });
      assert.deepEqual(await outboxSubjects(web), ['Waiting for a worker']);
      const scheduler = await maintenance.getJobScheduler('maintenance.cleanup');
      assert.equal(scheduler?.every, CLEANUP_EVERY_MS);
    } finally {
      await worker?.close();
    }
  });

  it('`npm run worker` processes jobs and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [workerEntry], {
      env: childEnv(workerEnv()),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    try {
      await outputLine(child, /Animata worker is running/);
      const completed = completedMail(web.app.get<JobQueue>(JOB_QUEUE));
      await web.app
        .get(MailService)
        .send({ to: 'proc@example.com', subject: 'From the worker process', text: 'x' });
      await completed;
      assert.deepEqual((await outboxSubjects(web)).at(-1), 'From the worker process');
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('`npm run worker` refuses to start without REDIS_URL', async () => {
    const { REDIS_URL: _omitted, ...env } = workerEnv();
    const child = spawn(process.execPath, [workerEntry], {
      env: childEnv(env),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.equal(code, 78);
    assert.match(stderr, /npm run worker needs REDIS_URL/);
  });
});

/** Only the given variables (and PATH): nothing of the test runner's environment leaks in. */
function childEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', ...vars } as unknown as NodeJS.ProcessEnv;
}

/** Resolves when the child prints a line matching the pattern; rejects if it exits first. */
function outputLine(child: ChildProcess, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (pattern.test(out)) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`worker exited with ${code}: ${err}`)));
  });
}
