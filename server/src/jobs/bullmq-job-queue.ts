import {
  Queue,
  QueueEvents,
  QueueEventsProducer,
  Worker,
  type Job,
  type JobsOptions,
  type QueueEventsListener,
} from 'bullmq';
import type { Redis } from 'ioredis';
import { queues, type JobName, type JobPayloads, type QueueName } from './job-names.js';
import {
  clampPercent,
  EVENT_STREAM_MAX_LENGTH,
  errorMessage,
  queueConcurrency,
  QUEUE_CLOSED_MESSAGE,
  resolveJobOptions,
  retention,
  toJson,
  type QueueLogger,
  type ResolvedJobOptions,
} from './job-options.js';
import type {
  AddJobOptions,
  JobContext,
  JobEvent,
  JobHandler,
  JobHandlers,
  JobQueue,
} from './job-queue.port.js';

/**
 * Our own event on each queue's event stream. BullMQ's global events carry neither the job name
 * nor whether a failed try will be retried (it only announces the final failure), so the worker
 * that ran the job publishes one complete event; every process reads it through QueueEvents.
 */
const EVENT_NAME = 'animata.job';

type OurEvents = QueueEventsListener & {
  [EVENT_NAME]: (args: { payload: string }, id: string) => void;
};

export interface BullMqJobQueueOptions {
  /** A connection with maxRetriesPerRequest: null (the runtime's). Shared, never closed here. */
  connection: Redis;
  /** Key prefix of every queue (config.redisPrefix). */
  prefix: string;
  logger: QueueLogger;
}

/** BullMQ on Redis (REDIS_URL): jobs survive restarts and run on any worker process. */
export class BullMqJobQueue implements JobQueue {
  private readonly queues = new Map<QueueName, Queue>();
  private readonly producers = new Map<QueueName, QueueEventsProducer>();
  private readonly events: QueueEvents[] = [];
  private readonly workers: Worker[] = [];
  private readonly listeners = new Set<(event: JobEvent) => void>();
  private readonly publishing = new Set<Promise<void>>();
  private closing: Promise<void> | null = null;

  private constructor(private readonly options: BullMqJobQueueOptions) {}

  /**
   * Opens every queue and starts reading events from the current end of each event stream, so
   * no event published after `open` resolves is missed.
   */
  static async open(options: BullMqJobQueueOptions): Promise<BullMqJobQueue> {
    const jobQueue = new BullMqJobQueue(options);
    try {
      await jobQueue.openQueues();
    } catch (error) {
      await jobQueue.close();
      throw error;
    }
    return jobQueue;
  }

  private async openQueues(): Promise<void> {
    const { connection, prefix } = this.options;
    for (const name of Object.values(queues)) {
      const queue = new Queue(name, {
        connection,
        prefix,
        streams: { events: { maxLen: EVENT_STREAM_MAX_LENGTH } },
      });
      queue.on('error', (error) =>
        this.options.logger.error({ err: error, queue: name }, 'queue error'),
      );
      this.queues.set(name, queue);
      const producer = new QueueEventsProducer(name, { connection, prefix });
      producer.on('error', (error) =>
        this.options.logger.error({ err: error, queue: name }, 'queue error'),
      );
      this.producers.set(name, producer);

      const last = (await connection.xrevrange(queue.keys.events!, '+', '-', 'COUNT', 1))[0];
      const events = new QueueEvents(name, {
        connection,
        prefix,
        lastEventId: last ? last[0] : '0-0',
      });
      events.on('error', (error) =>
        this.options.logger.error({ err: error, queue: name }, 'queue events error'),
      );
      events.on<OurEvents>(EVENT_NAME, ({ payload }: { payload: string }) => this.deliver(payload));
      this.events.push(events);
    }
    await Promise.all([...this.queues.values()].map((queue) => queue.waitUntilReady()));
  }

  async add<N extends JobName>(
    name: N,
    data: JobPayloads[N],
    options: AddJobOptions = {},
  ): Promise<{ id: string }> {
    if (this.closing) throw new Error(QUEUE_CLOSED_MESSAGE);
    const resolved = resolveJobOptions(name, options);
    const job = await this.queue(resolved.queue).add(name, toJson(data), toBullMqOptions(resolved));
    return { id: String(job.id) };
  }

  async schedule<N extends JobName>(name: N, data: JobPayloads[N], everyMs: number): Promise<void> {
    if (this.closing) throw new Error(QUEUE_CLOSED_MESSAGE);
    if (!Number.isInteger(everyMs) || everyMs < 1) {
      throw new Error(`The schedule of "${name}" needs a whole number of milliseconds.`);
    }
    const resolved = resolveJobOptions(name);
    const {
      jobId: _jobId,
      delay: _delay,
      priority: _priority,
      ...opts
    } = toBullMqOptions(resolved);
    // The scheduler's id is the job name: one schedule per job, whichever process sets it.
    await this.queue(resolved.queue).upsertJobScheduler(
      name,
      { every: everyMs },
      { name, data: toJson(data), opts },
    );
  }

  async startWorkers(handlers: JobHandlers, options: { concurrency?: number } = {}): Promise<void> {
    if (this.closing) throw new Error(QUEUE_CLOSED_MESSAGE);
    if (this.workers.length > 0) throw new Error('The workers already run.');
    const { connection, prefix, logger } = this.options;
    for (const queueName of Object.values(queues)) {
      const worker = new Worker(queueName, (job: Job) => this.process(queueName, job, handlers), {
        connection,
        prefix,
        concurrency: Math.max(1, options.concurrency ?? queueConcurrency[queueName]),
        autorun: false,
      });
      worker.on('error', (error) => logger.error({ err: error, queue: queueName }, 'worker error'));
      worker.on('completed', (job, result) => {
        this.publish(queueName, {
          type: 'completed',
          queue: queueName,
          jobId: String(job.id),
          name: job.name as JobName,
          result: toJson(result),
        });
      });
      worker.on('failed', (job, error) => {
        if (!job) return;
        const attempts = job.opts.attempts ?? 1;
        this.publish(queueName, {
          type: 'failed',
          queue: queueName,
          jobId: String(job.id),
          name: job.name as JobName,
          error: errorMessage(error),
          attempt: job.attemptsMade,
          // finishedOn is set only when the job moved to the failed set for good.
          willRetry: !job.finishedOn && job.attemptsMade < attempts,
        });
      });
      this.workers.push(worker);
      worker
        .run()
        .catch((error: unknown) =>
          logger.error({ err: error, queue: queueName }, 'worker stopped'),
        );
    }
    await Promise.all(this.workers.map((worker) => worker.waitUntilReady()));
  }

  onEvent(listener: (event: JobEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      // Workers first: each waits for its active jobs, which still publish their events.
      await settle(
        this.workers.map((worker) => worker.close()),
        this.options.logger,
      );
      await settle([...this.publishing], this.options.logger);
      await settle(
        this.events.map((events) => events.close()),
        this.options.logger,
      );
      await settle(
        [...this.producers.values()].map((producer) => producer.close()),
        this.options.logger,
      );
      await settle(
        [...this.queues.values()].map((queue) => queue.close()),
        this.options.logger,
      );
      this.listeners.clear();
    })();
    return this.closing;
  }

  private queue(name: QueueName): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`Unknown queue "${name}".`);
    return queue;
  }

  private async process(queue: QueueName, job: Job, handlers: JobHandlers): Promise<unknown> {
    const name = job.name as JobName;
    // The handler map is keyed by name, so the pair always matches; TypeScript cannot see it.
    const handler = handlers[name] as JobHandler | undefined;
    if (!handler) throw new Error(`No handler for job "${job.name}".`);
    const jobId = String(job.id);
    const context: JobContext = {
      id: jobId,
      name,
      data: job.data as JobPayloads[JobName],
      attempt: job.attemptsMade + 1,
      attempts: job.opts.attempts ?? 1,
      reportProgress: async (percent) => {
        const value = clampPercent(percent);
        await job.updateProgress(value);
        await this.publishNow(queue, { type: 'progress', queue, jobId, name, percent: value });
      },
    };
    return toJson(await handler(context));
  }

  private publish(queue: QueueName, event: JobEvent): void {
    const publishing = this.publishNow(queue, event)
      .catch((error: unknown) => {
        this.options.logger.warn(
          { err: error, queue, event: event.type },
          'publishing a job event failed',
        );
      })
      .finally(() => this.publishing.delete(publishing));
    this.publishing.add(publishing);
  }

  private async publishNow(queue: QueueName, event: JobEvent): Promise<void> {
    const producer = this.producers.get(queue);
    if (!producer) return;
    await producer.publishEvent(
      { eventName: EVENT_NAME, payload: JSON.stringify(event) },
      EVENT_STREAM_MAX_LENGTH,
    );
  }

  private deliver(payload: string): void {
    let event: JobEvent;
    try {
      event = JSON.parse(payload) as JobEvent;
    } catch {
      return;
    }
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.options.logger.error({ err: error, event: event.type }, 'a job event listener failed');
      }
    }
  }
}

/** Job ids, tries, backoff and retention as BullMQ options (from the one resolver). */
export function toBullMqOptions(resolved: ResolvedJobOptions): JobsOptions {
  return {
    ...(resolved.jobId !== null ? { jobId: resolved.jobId } : {}),
    delay: resolved.delayMs,
    attempts: resolved.attempts,
    backoff: { type: 'exponential', delay: resolved.backoffMs },
    ...(resolved.priority > 0 ? { priority: resolved.priority } : {}),
    removeOnComplete: resolved.keepFinished
      ? { age: retention.completed.ageSeconds, count: retention.completed.count }
      : true,
    removeOnFail: resolved.keepFinished
      ? { age: retention.failed.ageSeconds, count: retention.failed.count }
      : true,
  };
}

async function settle(closing: Array<Promise<unknown>>, logger: QueueLogger): Promise<void> {
  for (const result of await Promise.allSettled(closing)) {
    if (result.status === 'rejected') logger.warn({ err: result.reason }, 'closing the job queue');
  }
}
