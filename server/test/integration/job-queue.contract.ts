import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { JobPayloads } from '../../src/jobs/job-names.js';
import { QUEUE_CLOSED_MESSAGE } from '../../src/jobs/job-options.js';
import type { JobEvent, JobHandler, JobHandlers, JobQueue } from '../../src/jobs/job-queue.port.js';

/**
 * The behaviour both queue adapters promise (job-queue.port.ts), run against each of them:
 * job-queue-in-process.test.ts and job-queue-bullmq.test.ts (real Redis). Every test opens
 * fresh queues; waits are tiny (backoffs of a few ms, delays of tens of ms).
 */
export interface JobQueueHarness {
  /** A new, empty queue. */
  open(): Promise<JobQueue>;
  /**
   * Two instances over the same queues, as two processes would be; only where events travel
   * between processes (BullMQ).
   */
  openPair?(): Promise<[JobQueue, JobQueue]>;
}

type Mail = JobPayloads['mail.send'];

const mail = (subject: string, extra: Partial<Mail> = {}): Mail => ({
  to: 'someone@example.com',
  subject,
  text: `Body of ${subject}`,
  ...extra,
});

/** Handlers for the jobs a test does not use. */
const idleHandlers: JobHandlers = {
  'mail.send': async () => undefined,
  'maintenance.cleanup': async () => undefined,
  'auth.password-reset-requested': async () => undefined,
  'auth.verification-requested': async () => undefined,
  'projects.thumbnail': async () => undefined,
  'renders.retention': async () => undefined,
  'renders.render': async () => undefined,
  'renders.recover': async () => undefined,
};

function handlers(mailHandler: JobHandler<'mail.send'>): JobHandlers {
  return { ...idleHandlers, 'mail.send': mailHandler };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Collects a queue's events and waits for a condition on them. */
function watch(queue: JobQueue) {
  const events: JobEvent[] = [];
  const waiters = new Set<() => void>();
  const unsubscribe = queue.onEvent((event) => {
    events.push(event);
    for (const check of waiters) check();
  });
  return {
    events,
    unsubscribe,
    until(
      condition: (events: JobEvent[]) => boolean,
      what: string,
      timeoutMs = 8000,
    ): Promise<void> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Timed out waiting for ${what}; events: ${JSON.stringify(events)}`));
        }, timeoutMs);
        const check = () => {
          if (!condition(events)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      });
    },
  };
}

const finished = (id: string) => (events: JobEvent[]) =>
  events.some(
    (e) => e.jobId === id && (e.type === 'completed' || (e.type === 'failed' && !e.willRetry)),
  );

/** A promise with its resolve function, to hold a job open. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

export function jobQueueContract(label: string, harness: JobQueueHarness): void {
  describe(`job queue contract: ${label}`, () => {
    async function withQueue(test: (queue: JobQueue) => Promise<void>): Promise<void> {
      const queue = await harness.open();
      try {
        await test(queue);
      } finally {
        await queue.close();
      }
    }

    it('runs the handler with the data, id, name and first attempt, then reports the result', async () => {
      await withQueue(async (queue) => {
        const seen: unknown[] = [];
        const events = watch(queue);
        await queue.startWorkers(
          handlers(async (job) => {
            seen.push({
              id: job.id,
              name: job.name,
              data: job.data,
              attempt: job.attempt,
              attempts: job.attempts,
            });
            return { delivered: job.data.to };
          }),
        );
        const { id } = await queue.add('mail.send', mail('Hello', { html: '<p>Hi</p>' }), {
          attempts: 2,
        });
        await events.until(finished(id), 'the job to finish');
        assert.deepEqual(seen, [
          {
            id,
            name: 'mail.send',
            data: {
              to: 'someone@example.com',
              subject: 'Hello',
              text: 'Body of Hello',
              html: '<p>Hi</p>',
            },
            attempt: 1,
            attempts: 2,
          },
        ]);
        assert.deepEqual(events.events, [
          {
            type: 'completed',
            queue: 'mail',
            jobId: id,
            name: 'mail.send',
            result: { delivered: 'someone@example.com' },
          },
        ]);
      });
    });

    it('sends progress to listeners before the job completes', async () => {
      await withQueue(async (queue) => {
        const events = watch(queue);
        await queue.startWorkers(
          handlers(async (job) => {
            await job.reportProgress(40);
            await job.reportProgress(100);
            return null;
          }),
        );
        const { id } = await queue.add('mail.send', mail('Progress'));
        await events.until(finished(id), 'the job to finish');
        assert.deepEqual(
          events.events.map((e) => (e.type === 'progress' ? `progress ${e.percent}` : e.type)),
          ['progress 40', 'progress 100', 'completed'],
        );
        assert.ok(
          events.events.every(
            (e) => e.jobId === id && e.name === 'mail.send' && e.queue === 'mail',
          ),
        );
      });
    });

    it('retries a failing job with its backoff until a try succeeds', async () => {
      await withQueue(async (queue) => {
        const attempts: number[] = [];
        const events = watch(queue);
        await queue.startWorkers(
          handlers(async (job) => {
            attempts.push(job.attempt);
            if (job.attempt < 3) throw new Error(`try ${job.attempt} failed`);
            return 'sent';
          }),
        );
        const { id } = await queue.add('mail.send', mail('Flaky'), { attempts: 4, backoffMs: 5 });
        await events.until(finished(id), 'the job to finish');
        assert.deepEqual(attempts, [1, 2, 3]);
        assert.deepEqual(
          events.events.map((e) =>
            e.type === 'failed' ? [e.type, e.attempt, e.error, e.willRetry] : [e.type],
          ),
          [['failed', 1, 'try 1 failed', true], ['failed', 2, 'try 2 failed', true], ['completed']],
        );
      });
    });

    it('fails a job for good once its last attempt fails', async () => {
      await withQueue(async (queue) => {
        let tries = 0;
        const events = watch(queue);
        await queue.startWorkers(
          handlers(async () => {
            tries += 1;
            throw new Error('SMTP said no');
          }),
        );
        const { id } = await queue.add('mail.send', mail('Doomed'), { attempts: 2, backoffMs: 1 });
        await events.until(finished(id), 'the job to fail');
        assert.equal(tries, 2);
        assert.deepEqual(events.events, [
          {
            type: 'failed',
            queue: 'mail',
            jobId: id,
            name: 'mail.send',
            error: 'SMTP said no',
            attempt: 1,
            willRetry: true,
          },
          {
            type: 'failed',
            queue: 'mail',
            jobId: id,
            name: 'mail.send',
            error: 'SMTP said no',
            attempt: 2,
            willRetry: false,
          },
        ]);
      });
    });

    it('adds a job only once per jobId, also while the finished job is kept', async () => {
      await withQueue(async (queue) => {
        const runs: string[] = [];
        const events = watch(queue);
        const first = await queue.add('mail.send', mail('Once'), { jobId: 'welcome-42' });
        const again = await queue.add('mail.send', mail('Twice'), { jobId: 'welcome-42' });
        assert.equal(first.id, 'welcome-42');
        assert.equal(again.id, 'welcome-42');
        await queue.startWorkers(
          handlers(async (job) => {
            runs.push(job.data.subject);
          }),
          { concurrency: 1 },
        );
        await events.until(finished('welcome-42'), 'the job to finish');
        // Added after it finished: still the same job. A later job on the same queue (one at a
        // time, in order) proves the duplicate never ran.
        assert.equal(
          (await queue.add('mail.send', mail('Thrice'), { jobId: 'welcome-42' })).id,
          'welcome-42',
        );
        const marker = await queue.add('mail.send', mail('Marker'));
        await events.until(finished(marker.id), 'the marker job');
        assert.deepEqual(runs, ['Once', 'Marker']);
      });
    });

    it('runs waiting jobs by priority (lowest number first), first in first out within one, unprioritised first', async () => {
      await withQueue(async (queue) => {
        const runs: string[] = [];
        const events = watch(queue);
        const ids: string[] = [];
        const add = async (subject: string, priority?: number) =>
          ids.push((await queue.add('mail.send', mail(subject), priority ? { priority } : {})).id);
        await add('none');
        await add('free 1', 90);
        await add('paid 1', 2);
        await add('free 2', 90);
        await add('paid 2', 2);
        await queue.startWorkers(
          handlers(async (job) => {
            runs.push(job.data.subject);
          }),
          { concurrency: 1 },
        );
        await events.until((e) => ids.every((id) => finished(id)(e)), 'all jobs');
        assert.deepEqual(runs, ['none', 'paid 1', 'paid 2', 'free 1', 'free 2']);
      });
    });

    it('forgets the id of a render job once it finished: adding it again runs it again', async () => {
      await withQueue(async (queue) => {
        const runs: string[] = [];
        const events = watch(queue);
        await queue.startWorkers(
          { ...idleHandlers, 'renders.render': async (job) => void runs.push(job.data.renderId) },
          { concurrency: 1 },
        );
        const id = 'r'.repeat(32);
        await queue.add('renders.render', { renderId: id }, { jobId: id });
        await events.until(finished(id), 'the first run');
        const before = events.events.length;
        await queue.add('renders.render', { renderId: id }, { jobId: id });
        await events.until(
          (e) => e.slice(before).some((event) => event.jobId === id && event.type === 'completed'),
          'the second run',
        );
        assert.deepEqual(runs, [id, id]);
      });
    });

    it('runs a delayed job only after its delay', async () => {
      await withQueue(async (queue) => {
        const started = new Map<string, number>();
        const events = watch(queue);
        await queue.startWorkers(
          handlers(async (job) => {
            started.set(job.data.subject, Date.now());
          }),
          { concurrency: 1 },
        );
        const addedAt = Date.now();
        const later = await queue.add('mail.send', mail('Later'), { delayMs: 60 });
        const now = await queue.add('mail.send', mail('Now'));
        await events.until((e) => finished(later.id)(e) && finished(now.id)(e), 'both jobs');
        assert.deepEqual([...started.keys()], ['Now', 'Later']);
        assert.ok(started.get('Later')! - addedAt >= 55, 'the delayed job waited for its delay');
      });
    });

    it('runs at most `concurrency` jobs of a queue at the same time', async () => {
      await withQueue(async (queue) => {
        let active = 0;
        let most = 0;
        const events = watch(queue);
        const ids: string[] = [];
        for (let i = 0; i < 4; i += 1)
          ids.push((await queue.add('mail.send', mail(`Job ${i}`))).id);
        await queue.startWorkers(
          handlers(async () => {
            active += 1;
            most = Math.max(most, active);
            await sleep(40);
            active -= 1;
          }),
          { concurrency: 2 },
        );
        await events.until((e) => ids.every((id) => finished(id)(e)), 'all jobs');
        assert.equal(most, 2);
      });
    });

    it('closes by waiting for the active job, starting no other and refusing new jobs', async () => {
      const queue = await harness.open();
      const hold = gate();
      const started: string[] = [];
      let activeFinished = false;
      await queue.startWorkers(
        handlers(async (job) => {
          started.push(job.data.subject);
          hold.open();
          await sleep(60);
          activeFinished = true;
        }),
        { concurrency: 1 },
      );
      await queue.add('mail.send', mail('Active'));
      await queue.add('mail.send', mail('Waiting'));
      await hold.opened;
      await queue.close();
      assert.equal(activeFinished, true, 'close() resolved only after the active job finished');
      await sleep(30);
      assert.deepEqual(started, ['Active']);
      await assert.rejects(queue.add('mail.send', mail('Too late')), {
        message: QUEUE_CLOSED_MESSAGE,
      });
    });

    it('runs a scheduled job at once and then again every interval', async () => {
      await withQueue(async (queue) => {
        let runs = 0;
        const events = watch(queue);
        await queue.startWorkers({
          ...idleHandlers,
          'maintenance.cleanup': async () => {
            runs += 1;
          },
        });
        await queue.schedule('maintenance.cleanup', {}, 50);
        await queue.schedule('maintenance.cleanup', {}, 50);
        await events.until(
          (e) =>
            e.filter((x) => x.name === 'maintenance.cleanup' && x.type === 'completed').length >= 3,
          'three scheduled runs',
        );
        assert.ok(runs >= 3);
      });
    });

    it('refuses job ids that could clash with generated ids or key separators', async () => {
      await withQueue(async (queue) => {
        await assert.rejects(
          queue.add('mail.send', mail('x'), { jobId: '123' }),
          /must be 1 to 200 letters/,
        );
        await assert.rejects(
          queue.add('mail.send', mail('x'), { jobId: 'a:b' }),
          /must be 1 to 200 letters/,
        );
      });
    });

    it('stops sending events to a listener that unsubscribed', async () => {
      await withQueue(async (queue) => {
        const gone: JobEvent[] = [];
        const unsubscribe = queue.onEvent((event) => gone.push(event));
        unsubscribe();
        const events = watch(queue);
        await queue.startWorkers(handlers(async () => undefined));
        const { id } = await queue.add('mail.send', mail('Quiet'));
        await events.until(finished(id), 'the job to finish');
        assert.deepEqual(gone, []);
      });
    });

    if (harness.openPair) {
      const openPair = harness.openPair;
      it('shows a process without workers the events of jobs another process runs', async () => {
        const [worker, web] = await openPair();
        try {
          await worker.startWorkers(
            handlers(async (job) => {
              if (job.data.subject === 'Broken') throw new Error('No route to host');
              await job.reportProgress(50);
              return 'ok';
            }),
          );
          const events = watch(web);
          const good = await web.add('mail.send', mail('Fine'));
          const bad = await web.add('mail.send', mail('Broken'), { attempts: 1 });
          await events.until((e) => finished(good.id)(e) && finished(bad.id)(e), 'both jobs');
          const of = (id: string) => events.events.filter((e) => e.jobId === id);
          assert.deepEqual(
            of(good.id).map((e) => e.type),
            ['progress', 'completed'],
          );
          assert.deepEqual(of(bad.id), [
            {
              type: 'failed',
              queue: 'mail',
              jobId: bad.id,
              name: 'mail.send',
              error: 'No route to host',
              attempt: 1,
              willRetry: false,
            },
          ]);
        } finally {
          await Promise.all([worker.close(), web.close()]);
        }
      });
    }
  });
}
