import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { AppLogger } from '../common/logger.js';
import { CONFIG, JOB_QUEUE, LOGGER } from '../common/tokens.js';
import type { AppConfig } from '../config/config.js';
import { Metrics } from '../common/metrics/metrics.js';
import { jobQueue, type JobName, type JobPayloads } from './job-names.js';
import { errorMessage } from './job-options.js';
import type { JobContext, JobHandler, JobHandlers, JobQueue } from './job-queue.port.js';
import { JobRegistry } from './job-registry.js';

/**
 * Checks the handlers at bootstrap, starts the workers and the schedules where workers run
 * (config.runWorkers; always in `npm run worker`), and closes the queue last on shutdown: Nest
 * has closed HTTP by then, so requests in flight could still enqueue, and the active jobs finish.
 */
@Injectable()
export class JobsRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly registry: JobRegistry,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(Metrics) private readonly metrics: Metrics,
    @Inject(LOGGER) private readonly logger: AppLogger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    let handlers: JobHandlers;
    try {
      handlers = this.registry.complete();
    } catch (error) {
      // The application will not start: let go of the queue's connections before saying why.
      await this.queue.close();
      throw error;
    }
    // The queue gauges read the queue on each scrape, whether or not this process runs workers.
    this.metrics.watchQueues(() => this.queue.counts());
    if (!this.config.runWorkers) return;
    await this.queue.startWorkers(this.instrument(handlers));
    for (const schedule of this.registry.schedules()) {
      await this.queue.schedule(
        schedule.name,
        schedule.data as JobPayloads[JobName],
        schedule.everyMs,
      );
    }
    this.logger.info(
      { adapter: this.config.redisUrl ? 'bullmq' : 'in-process' },
      'job workers started',
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }

  /** Counts every finished try in jobs_finished_total and logs failures. */
  private instrument(handlers: JobHandlers): JobHandlers {
    const wrapped: Partial<Record<JobName, JobHandler>> = {};
    for (const name of Object.keys(handlers) as JobName[]) {
      const handler = handlers[name] as JobHandler;
      const queue = jobQueue[name];
      wrapped[name] = async (job: JobContext) => {
        try {
          const result = await handler(job);
          this.metrics.jobsCompleted.inc({ queue, name, outcome: 'completed' });
          return result;
        } catch (error) {
          const final = job.attempt >= job.attempts;
          this.metrics.jobsCompleted.inc({ queue, name, outcome: final ? 'failed' : 'retried' });
          this.logger[final ? 'error' : 'warn'](
            {
              job: name,
              jobId: job.id,
              attempt: job.attempt,
              attempts: job.attempts,
              error: errorMessage(error),
            },
            final ? 'job failed for good' : 'job failed; it will be retried',
          );
          throw error;
        }
      };
    }
    return wrapped as JobHandlers;
  }
}
