import 'reflect-metadata';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { FILE_STORAGE } from '../../src/common/tokens.js';
import type { RenderDispatch } from '../../src/modules/renders/render-dispatch.port.js';
import { RENDER_DISPATCH } from '../../src/modules/renders/render-dispatch.port.js';
import { RenderJobs } from '../../src/modules/renders/jobs/render.jobs.js';
import { renderJobPriority } from '../../src/modules/renders/jobs/render-line.rules.js';
import type { FileStorage } from '../../src/modules/storage/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newProject } from '../support/factories.js';
import { testEnvironment } from '../support/environment.js';
import { deleteRedisPrefix } from '../support/redis.js';
import { insertRender, movingProjectData, renderStates, tinyGifInput } from '../support/renders.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(25);
  }
  assert.fail(`timed out waiting for ${what}`);
}

async function statusOf(app: TestApp, id: string): Promise<string> {
  return (await renderStates(app.runtime.dataSource, [id]))[0]!.status;
}

/** Processes below `pid` (its children), from /proc through ps. */
function childrenOf(pid: number): Array<{ pid: number; command: string }> {
  try {
    return execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [p, ...rest] = line.trim().split(/\s+/);
        return { pid: Number(p), command: rest.join(' ') };
      });
  } catch {
    return [];
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe(
  'render dispatch: the customers’ lines and the queue (BullMQ, no workers)',
  { timeout: 60_000 },
  () => {
    let app: TestApp;
    let dispatch: RenderDispatch;
    let queue: Queue;
    let redis: Redis;

    before(async () => {
      app = await startTestApp({ web: false, redis: true, env: { RUN_WORKERS: 'false' } });
      dispatch = app.app.get<RenderDispatch>(RENDER_DISPATCH);
      redis = new Redis(testEnvironment().redisUrl, { maxRetriesPerRequest: null });
      queue = new Queue('renders', { connection: redis, prefix: app.config.redisPrefix });
    });
    after(async () => {
      await queue?.close();
      if (redis) {
        await deleteRedisPrefix(redis, app.config.redisPrefix);
        redis.disconnect();
      }
      await app?.stop();
    });

    async function customerWithProject() {
      const customer = await newCustomer(app.runtime.dataSource);
      const project = await newProject(app.runtime.dataSource, customer.id, {
        data: movingProjectData(),
      });
      return { customerId: customer.id, projectId: project.id };
    }

    it('hands another customer’s one render to the queue before the second of one with 50 waiting', async () => {
      const a = await customerWithProject();
      const b = await customerWithProject();
      const t0 = Date.now() - 100_000;
      const aIds: string[] = [];
      for (let i = 0; i < 50; i += 1)
        aIds.push(
          await insertRender(app.runtime.dataSource, a.customerId, a.projectId, {
            createdAt: new Date(t0 + i),
          }),
        );
      await dispatch.pump(a.customerId);
      const bId = await insertRender(app.runtime.dataSource, b.customerId, b.projectId);
      await dispatch.pump(b.customerId);
      await dispatch.pump(a.customerId);

      const states = await renderStates(app.runtime.dataSource, [...aIds, bId]);
      const scheduled = states.filter((s) => s.status === 'scheduled').map((s) => s.id);
      assert.deepEqual(scheduled.sort(), [aIds[0]!, bId].sort());
      assert.ok(await queue.getJob(aIds[0]!), 'A’s first is in the queue');
      assert.ok(await queue.getJob(bId), 'B’s one is in the queue');
      assert.equal(await queue.getJob(aIds[1]!), undefined, 'A’s second still waits in A’s line');

      // A's first ends: A's second goes next.
      await app.runtime.dataSource.query(`UPDATE renders SET status = 'done' WHERE id = $1`, [
        aIds[0],
      ]);
      await dispatch.pump(a.customerId);
      assert.equal(await statusOf(app, aIds[1]!), 'scheduled');
    });

    it('gives paid plans’ renders the better queue priority', async () => {
      const free = await customerWithProject();
      const paid = await customerWithProject();
      const freeId = await insertRender(app.runtime.dataSource, free.customerId, free.projectId, {
        planRank: 0,
      });
      const paidId = await insertRender(app.runtime.dataSource, paid.customerId, paid.projectId, {
        planRank: 3,
      });
      await dispatch.pump(free.customerId);
      await dispatch.pump(paid.customerId);
      const freeJob = await queue.getJob(freeId);
      const paidJob = await queue.getJob(paidId);
      assert.equal(freeJob?.opts.priority, renderJobPriority(0));
      assert.equal(paidJob?.opts.priority, renderJobPriority(3));
      assert.ok(paidJob!.opts.priority! < freeJob!.opts.priority!, 'paid runs first');
    });

    it('takes a render whose priority was raised before older ones of the same customer', async () => {
      const c = await customerWithProject();
      const t0 = Date.now() - 100_000;
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1)
        ids.push(
          await insertRender(app.runtime.dataSource, c.customerId, c.projectId, {
            createdAt: new Date(t0 + i),
          }),
        );
      // set-priotity on the last one, as the renders API writes it.
      await app.runtime.dataSource.query(`UPDATE renders SET priority = 5 WHERE id = $1`, [ids[4]]);
      await dispatch.pump(c.customerId);
      assert.equal(await statusOf(app, ids[4]!), 'scheduled');
      assert.equal(await statusOf(app, ids[0]!), 'queued');
    });

    it('enqueues once per render however often it is pumped or swept, and the sweep re-adds jobs the queue lost', async () => {
      const c = await customerWithProject();
      const id = await insertRender(app.runtime.dataSource, c.customerId, c.projectId);
      await Promise.all([dispatch.pump(c.customerId), dispatch.pump(c.customerId)]);
      const jobs = app.app.get(RenderJobs);
      await jobs.recover();
      const all = await queue.getJobs(['wait', 'prioritized', 'active', 'delayed']);
      assert.equal(all.filter((job) => job.data.renderId === id).length, 1);

      // Redis restarted with nothing on disk: every job is gone.
      await queue.obliterate({ force: true });
      assert.equal(await queue.getJob(id), undefined);
      const waiting = await insertRender(app.runtime.dataSource, c.customerId, c.projectId);
      const { requeued } = await jobs.recover();
      assert.ok(requeued >= 1);
      assert.ok(await queue.getJob(id), 'the scheduled render’s job is back');
      assert.equal(await statusOf(app, waiting), 'queued', 'the line still holds one at a time');
    });
  },
);

for (const redis of [false, true]) {
  describe(
    `render jobs with workers (${redis ? 'BullMQ' : 'in-process'}, real renderer)`,
    { timeout: 120_000 },
    () => {
      let app: TestApp;
      let dispatch: RenderDispatch;
      let jobs: RenderJobs;
      let storage: FileStorage;

      before(async () => {
        app = await startTestApp({ web: false, redis });
        dispatch = app.app.get<RenderDispatch>(RENDER_DISPATCH);
        jobs = app.app.get(RenderJobs);
        storage = app.app.get<FileStorage>(FILE_STORAGE);
      });
      after(async () => {
        if (redis) {
          const client = new Redis(testEnvironment().redisUrl);
          await deleteRedisPrefix(client, app.config.redisPrefix);
          client.disconnect();
        }
        await app?.stop();
      });

      it('renders in a child process, stores the file once; an abort kills ffmpeg, leaves no file and starts the next', async () => {
        const customer = await newCustomer(app.runtime.dataSource);
        const project = await newProject(app.runtime.dataSource, customer.id, {
          data: movingProjectData(60_000),
        });
        // Long enough to abort midway: 60 s at 10 fps.
        const long = await insertRender(app.runtime.dataSource, customer.id, project.id, {
          jobInput: { ...tinyGifInput(), offset: { start: 0, duration: 60_000 } },
          createdAt: new Date(Date.now() - 1000),
        });
        const next = await insertRender(app.runtime.dataSource, customer.id, project.id);
        await dispatch.pump(customer.id);
        await until(
          async () => (await statusOf(app, long)) === 'progress',
          'the render to progress',
        );
        assert.equal(await statusOf(app, next), 'queued', 'one at a time per customer');

        let ffmpeg: number | null = null;
        await until(async () => {
          const found = jobs.pool
            .pids()
            .flatMap((pid) => childrenOf(pid))
            .find((child) => child.command.startsWith('ffmpeg'));
          ffmpeg = found?.pid ?? null;
          return ffmpeg !== null;
        }, 'ffmpeg under the render process');

        // What the renders API does on abort.
        await app.runtime.dataSource.query(`UPDATE renders SET status = 'aborted' WHERE id = $1`, [
          long,
        ]);
        await dispatch.stop(long);
        await until(async () => !alive(ffmpeg!), 'ffmpeg to be gone', 1_000);

        await until(
          async () => (await statusOf(app, next)) === 'done',
          'the next render to be done',
        );
        const [aborted] = await renderStates(app.runtime.dataSource, [long]);
        assert.equal(aborted!.status, 'aborted');
        assert.equal(aborted!.completions, 0);
        assert.equal(await storage.exists(`renders/${long}.gif`), false);
        const [done] = await renderStates(app.runtime.dataSource, [next]);
        assert.equal(done!.completions, 1);
        assert.equal(done!.file_key, `renders/${next}.gif`);
        const file = await storage.get(done!.file_key!);
        assert.ok(file && file.length > 0, 'the file is stored');
        assert.equal(file!.subarray(0, 3).toString('latin1'), 'GIF');

        // A duplicated job of a finished render renders nothing.
        assert.deepEqual(await jobs.render(next, false), { skipped: 'not-active' });
      });
    },
  );
}
