import type { JobName, JobPayloads, QueueName } from './job-names.js';

/**
 * The queue port. Two adapters implement it with the same behaviour: BullMQ on Redis
 * (REDIS_URL) and an in-process runner (the embedded default). A shared contract test suite
 * (server/test/integration/job-queue.contract.ts) runs against both. Options, ids and retention
 * are decided in job-options.ts for both.
 */
export interface AddJobOptions {
  /**
   * Same id, same job: adding it again while the job waits, runs or is still kept after it
   * finished (job-options.ts `retention`) does nothing (idempotent enqueue).
   */
  jobId?: string;
  delayMs?: number;
  /** Total tries including the first; default per job in job-options.ts. */
  attempts?: number;
  /** Base of the exponential backoff between tries; default per job in job-options.ts. */
  backoffMs?: number;
  /**
   * 1 (first) to 2,097,152: among waiting jobs of a queue, lower numbers run first; a job without
   * one runs before every prioritised one (BullMQ's order). Same priority: first in, first out.
   */
  priority?: number;
}

export interface JobContext<N extends JobName = JobName> {
  id: string;
  name: N;
  data: JobPayloads[N];
  /** 1 on the first try. */
  attempt: number;
  /** Tries allowed in total: the last try is `attempt === attempts`. */
  attempts: number;
  /** 0 to 100; reaches listeners as a 'progress' event. */
  reportProgress(percent: number): Promise<void>;
}

export type JobHandler<N extends JobName = JobName> = (job: JobContext<N>) => Promise<unknown>;

export type JobHandlers = { [N in JobName]: JobHandler<N> };

export type JobEvent =
  | { type: 'progress'; queue: QueueName; jobId: string; name: JobName; percent: number }
  | { type: 'completed'; queue: QueueName; jobId: string; name: JobName; result: unknown }
  | {
      type: 'failed';
      queue: QueueName;
      jobId: string;
      name: JobName;
      error: string;
      /** The try that failed (1-based). */
      attempt: number;
      /** True when another try is scheduled; false when the job has failed for good. */
      willRetry: boolean;
    };

/** One queue's jobs by state at one moment (the operators' gauges, issue 32). */
export interface QueueCounts {
  /** Ready to run, priority or not. */
  waiting: number;
  active: number;
  /** Waiting for their delay or for the backoff before another try. */
  delayed: number;
  /** Failed for good, and still kept (job-options.ts `retention`). */
  failed: number;
  /**
   * When the job at the head of the waiting line became due (ms since the epoch): added, plus
   * the delay it was added with; null with nothing waiting (decision 293). Of
   * jobs waiting with a priority, the next to run counts.
   */
  oldestWaitingSince: number | null;
}

export interface JobQueue {
  add<N extends JobName>(
    name: N,
    data: JobPayloads[N],
    options?: AddJobOptions,
  ): Promise<{ id: string }>;
  /**
   * Runs the job now and then every `everyMs` for as long as workers run. Idempotent: calling it
   * again (another worker process, a restart) replaces the schedule of that job name.
   */
  schedule<N extends JobName>(name: N, data: JobPayloads[N], everyMs: number): Promise<void>;
  /** Starts processing every queue with the given handlers (a worker process, or npm start). */
  startWorkers(handlers: JobHandlers, options?: { concurrency?: number }): Promise<void>;
  /**
   * Every queue's jobs by state now: across all processes (BullMQ), or this process's
   * (in-process). Read on each Prometheus scrape.
   */
  counts(): Promise<Record<QueueName, QueueCounts>>;
  /** Events from every process (BullMQ) or this one (in-process). Returns an unsubscribe. */
  onEvent(listener: (event: JobEvent) => void): () => void;
  /** Stops taking jobs, waits for the active ones to finish, then closes connections. */
  close(): Promise<void>;
}
