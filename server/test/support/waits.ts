import type { StartedApp } from '../../src/app/create-app.js';
import { JOB_QUEUE } from '../../src/common/tokens.js';
import type { JobQueue } from '../../src/jobs/job-queue.port.js';

/**
 * Waits until `condition` returns something truthy (polled every `everyMs`) and returns it: for a
 * state the code under test reaches on its own time (a preview drawn, a flag stored). The
 * timeout is a hang guard that fails with `what`, never a timing assertion.
 */
export async function waitUntil<T>(
  condition: () => T | Promise<T>,
  what: string,
  { timeoutMs = 15_000, everyMs = 25 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<Exclude<T, false | null | undefined | 0 | ''>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value as Exclude<T, false | null | undefined | 0 | ''>;
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export interface JobWatch {
  /** Resolves once every job queued since the watch began has finished (done, or failed for good). */
  idle(what?: string): Promise<void>;
  stop(): void;
}

/**
 * Watches the app's job queue from now on: the jobs queued (distinct ids: a job queued twice
 * under one id is one job) and those finished. `idle()` is the state to wait for before saying
 * that something did not happen (no fourth mail, no second preview), instead of a fixed pause.
 * Call it before the action whose jobs it should see.
 */
export function watchJobs(app: Pick<StartedApp, 'app'>): JobWatch {
  const queue = app.app.get<JobQueue>(JOB_QUEUE);
  const queued = new Set<string>();
  const finished = new Set<string>();
  const add = queue.add.bind(queue);
  queue.add = (async (...args: Parameters<JobQueue['add']>) => {
    const job = await add(...args);
    queued.add(job.id);
    return job;
  }) as JobQueue['add'];
  const unsubscribe = queue.onEvent((event) => {
    if (event.type === 'completed' || (event.type === 'failed' && !event.willRetry)) {
      finished.add(event.jobId);
    }
  });
  return {
    idle: (what = 'the queued jobs to finish') =>
      waitUntil(() => [...queued].every((id) => finished.has(id)), what).then(() => undefined),
    stop: () => {
      unsubscribe();
      queue.add = add;
    },
  };
}
