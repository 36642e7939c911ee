import { queues, type JobName, type JobPayloads, type QueueName } from './job-names.js';
import {
  backoffDelay,
  clampPercent,
  errorMessage,
  queueConcurrency,
  QUEUE_CLOSED_MESSAGE,
  resolveJobOptions,
  retention,
  toJson,
  type QueueLogger,
} from './job-options.js';
import type {
  AddJobOptions,
  JobContext,
  JobEvent,
  JobHandler,
  JobHandlers,
  JobQueue,
} from './job-queue.port.js';

interface PendingJob {
  id: string;
  name: JobName;
  queue: QueueName;
  data: unknown;
  attempt: number;
  attempts: number;
  backoffMs: number;
  priority: number;
  keepFinished: boolean;
  /** Order of arrival, for first in, first out within a priority. */
  seq: number;
}

/**
 * The embedded default (no REDIS_URL): jobs run inside this process with the behaviour of the
 * BullMQ adapter (ids and dedupe, delay, retries with exponential backoff, concurrency per
 * queue, progress and finished events, retention of finished ids). Jobs live in memory: those
 * still waiting when the process stops are lost, which is why scaling out needs Redis.
 */
export class InProcessJobQueue implements JobQueue {
  private nextId = 0;
  private nextSeq = 0;
  /** Ids of jobs waiting, delayed or running. */
  private readonly live = new Set<string>();
  /** Ids of finished jobs still kept, in finishing order, as Redis keeps them. */
  private readonly kept = {
    completed: new Map<string, number>(),
    failed: new Map<string, number>(),
  };
  private readonly waiting = new Map<QueueName, PendingJob[]>();
  private readonly active = new Map<QueueName, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly schedules = new Map<JobName, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private readonly listeners = new Set<(event: JobEvent) => void>();
  private handlers: JobHandlers | null = null;
  private concurrency: Record<QueueName, number> = { ...queueConcurrency };
  private closing: Promise<void> | null = null;

  constructor(
    private readonly logger: QueueLogger,
    private readonly now: () => number = Date.now,
  ) {
    for (const queue of Object.values(queues)) {
      this.waiting.set(queue, []);
      this.active.set(queue, 0);
    }
  }

  async add<N extends JobName>(
    name: N,
    data: JobPayloads[N],
    options: AddJobOptions = {},
  ): Promise<{ id: string }> {
    if (this.closing) throw new Error(QUEUE_CLOSED_MESSAGE);
    const resolved = resolveJobOptions(name, options);
    const id = resolved.jobId ?? String((this.nextId += 1));
    if (this.isTaken(id)) return { id };
    const job: PendingJob = {
      id,
      name,
      queue: resolved.queue,
      data: toJson(data),
      attempt: 1,
      attempts: resolved.attempts,
      backoffMs: resolved.backoffMs,
      priority: resolved.priority,
      keepFinished: resolved.keepFinished,
      seq: (this.nextSeq += 1),
    };
    this.live.add(id);
    this.enqueueAfter(job, resolved.delayMs);
    return { id };
  }

  async schedule<N extends JobName>(name: N, data: JobPayloads[N], everyMs: number): Promise<void> {
    if (this.closing) throw new Error(QUEUE_CLOSED_MESSAGE);
    if (!Number.isInteger(everyMs) || everyMs < 1) {
      throw new Error(`The schedule of "${name}" needs a whole number of milliseconds.`);
    }
    const previous = this.schedules.get(name);
    if (previous) clearInterval(previous);
    const run = () => {
      // One job per slot, as BullMQ's job scheduler makes: the id never runs twice.
      const slot = Math.floor(this.now() / everyMs);
      this.add(name, data, { jobId: `schedule.${name}.${slot}` }).catch((error: unknown) => {
        if (!this.closing) this.logger.error({ err: error, job: name }, 'scheduling a job failed');
      });
    };
    run();
    const timer = setInterval(run, everyMs);
    timer.unref();
    this.schedules.set(name, timer);
  }

  async startWorkers(handlers: JobHandlers, options: { concurrency?: number } = {}): Promise<void> {
    if (this.closing) throw new Error(QUEUE_CLOSED_MESSAGE);
    if (this.handlers) throw new Error('The workers already run.');
    this.handlers = handlers;
    for (const queue of Object.values(queues)) {
      this.concurrency[queue] = Math.max(1, options.concurrency ?? queueConcurrency[queue]);
      this.pump(queue);
    }
  }

  onEvent(listener: (event: JobEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      for (const timer of this.schedules.values()) clearInterval(timer);
      this.schedules.clear();
      for (const timer of this.timers) clearTimeout(timer);
      this.timers.clear();
      while (this.running.size > 0) await Promise.allSettled([...this.running]);
      const dropped = [...this.waiting.values()].reduce((sum, list) => sum + list.length, 0);
      const delayed = this.live.size - dropped;
      if (dropped + delayed > 0) {
        this.logger.warn(
          { waiting: dropped, delayed },
          'in-process queue closed with jobs not yet run; they are lost (set REDIS_URL to keep them)',
        );
      }
      this.listeners.clear();
    })();
    return this.closing;
  }

  private isTaken(id: string): boolean {
    if (this.live.has(id)) return true;
    this.forgetOld();
    return this.kept.completed.has(id) || this.kept.failed.has(id);
  }

  private forgetOld(): void {
    const now = this.now();
    for (const kind of ['completed', 'failed'] as const) {
      const kept = this.kept[kind];
      const { ageSeconds, count } = retention[kind];
      for (const [id, finishedAt] of kept) {
        if (kept.size > count || now - finishedAt > ageSeconds * 1000) kept.delete(id);
        else break;
      }
    }
  }

  private keep(kind: 'completed' | 'failed', id: string): void {
    this.live.delete(id);
    this.kept[kind].delete(id);
    this.kept[kind].set(id, this.now());
    this.forgetOld();
  }

  private finish(kind: 'completed' | 'failed', job: PendingJob): void {
    if (job.keepFinished) this.keep(kind, job.id);
    else this.live.delete(job.id);
  }

  private enqueueAfter(job: PendingJob, delayMs: number): void {
    // Once closing, nothing starts again: the job only counts as not run.
    if (delayMs <= 0 || this.closing) {
      this.insert(job);
      this.pump(job.queue);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.insert(job);
      this.pump(job.queue);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** Into the waiting line as BullMQ orders it: unprioritised first, then lowest number first. */
  private insert(job: PendingJob): void {
    const waiting = this.waiting.get(job.queue)!;
    const rank = (other: PendingJob) => other.priority;
    const at = waiting.findIndex(
      (other) => rank(other) > rank(job) || (rank(other) === rank(job) && other.seq > job.seq),
    );
    if (at === -1) waiting.push(job);
    else waiting.splice(at, 0, job);
  }

  private pump(queue: QueueName): void {
    const waiting = this.waiting.get(queue)!;
    while (
      this.handlers &&
      !this.closing &&
      waiting.length > 0 &&
      this.active.get(queue)! < this.concurrency[queue]
    ) {
      const job = waiting.shift()!;
      this.active.set(queue, this.active.get(queue)! + 1);
      const run = this.run(job, this.handlers).finally(() => {
        this.running.delete(run);
        this.active.set(queue, this.active.get(queue)! - 1);
        this.pump(queue);
      });
      this.running.add(run);
    }
  }

  private async run(job: PendingJob, handlers: JobHandlers): Promise<void> {
    const base = { queue: job.queue, jobId: job.id, name: job.name };
    const context: JobContext = {
      id: job.id,
      name: job.name,
      data: toJson(job.data) as JobPayloads[JobName],
      attempt: job.attempt,
      attempts: job.attempts,
      reportProgress: async (percent) => {
        this.emit({ type: 'progress', ...base, percent: clampPercent(percent) });
      },
    };
    // The handler map is keyed by name, so the pair always matches; TypeScript cannot see it.
    const handler = handlers[job.name] as JobHandler | undefined;
    try {
      if (!handler) throw new Error(`No handler for job "${job.name}".`);
      const result = toJson(await handler(context));
      this.finish('completed', job);
      this.emit({ type: 'completed', ...base, result });
    } catch (error) {
      const willRetry = job.attempt < job.attempts;
      if (willRetry) {
        const delay = backoffDelay(job.backoffMs, job.attempt);
        this.enqueueAfter({ ...job, attempt: job.attempt + 1 }, delay);
      } else {
        this.finish('failed', job);
      }
      this.emit({
        type: 'failed',
        ...base,
        error: errorMessage(error),
        attempt: job.attempt,
        willRetry,
      });
    }
  }

  private emit(event: JobEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.logger.error({ err: error, event: event.type }, 'a job event listener failed');
      }
    }
  }
}
