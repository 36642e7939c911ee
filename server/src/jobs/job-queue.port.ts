import type { JobName, JobPayloads, QueueName } from './job-names.js';

/**
 * The queue port. Two adapters implement it with the same behaviour: BullMQ on Redis
 * (REDIS_URL) and an in-process runner (the embedded default). A shared contract test suite
 * runs against both.
 */
export interface AddJobOptions {
  /** Same id, same job: adding it again while it exists does nothing (idempotent enqueue). */
  jobId?: string;
  delayMs?: number;
  /** Total tries including the first; default 3. */
  attempts?: number;
  /** Base of the exponential backoff between tries; default 1000 ms. */
  backoffMs?: number;
}

export interface JobContext<N extends JobName = JobName> {
  id: string;
  name: N;
  data: JobPayloads[N];
  /** 1 on the first try. */
  attempt: number;
  /** 0 to 100; reaches listeners as a 'progress' event. */
  reportProgress(percent: number): Promise<void>;
}

export type JobHandler<N extends JobName = JobName> = (job: JobContext<N>) => Promise<unknown>;

export type JobHandlers = { [N in JobName]: JobHandler<N> };

export type JobEvent =
  | { type: 'progress'; queue: QueueName; jobId: string; name: JobName; percent: number }
  | { type: 'completed'; queue: QueueName; jobId: string; name: JobName; result: unknown }
  | { type: 'failed'; queue: QueueName; jobId: string; name: JobName; error: string; willRetry: boolean };

export interface JobQueue {
  add<N extends JobName>(name: N, data: JobPayloads[N], options?: AddJobOptions): Promise<{ id: string }>;
  /** Starts processing every queue with the given handlers (a worker process, or npm start). */
  startWorkers(handlers: JobHandlers, options?: { concurrency?: number }): Promise<void>;
  /** Events from every process (BullMQ) or this one (in-process). Returns an unsubscribe. */
  onEvent(listener: (event: JobEvent) => void): () => void;
  /** Stops taking jobs, waits for the active ones to finish, then closes connections. */
  close(): Promise<void>;
}
