import { Global, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { AppLogger } from '../common/logger.js';
import { CONFIG, JOB_QUEUE, LOGGER, REDIS } from '../common/tokens.js';
import type { AppConfig } from '../config/config.js';
import { InProcessJobQueue } from './in-process-job-queue.js';
import type { JobQueue } from './job-queue.port.js';
import { JobRegistry } from './job-registry.js';
import { JobsRunner } from './jobs.runner.js';

/**
 * The job queue for every module: BullMQ when REDIS_URL is set, else the in-process runner.
 * Feature modules inject JOB_QUEUE to enqueue and JobRegistry to register their handlers.
 */
@Global()
@Module({
  providers: [
    {
      provide: JOB_QUEUE,
      inject: [CONFIG, REDIS, LOGGER],
      useFactory: async (
        config: AppConfig,
        redis: Redis | null,
        logger: AppLogger,
      ): Promise<JobQueue> => {
        const queueLogger = logger.child({ component: 'jobs' });
        if (config.redisUrl && redis) {
          // Loaded only with Redis configured: BullMQ is some 200 modules at start.
          const { BullMqJobQueue } = await import('./bullmq-job-queue.js');
          return BullMqJobQueue.open({
            connection: redis,
            prefix: config.redisPrefix,
            logger: queueLogger,
          });
        }
        return new InProcessJobQueue(queueLogger);
      },
    },
    JobRegistry,
    JobsRunner,
  ],
  exports: [JOB_QUEUE, JobRegistry],
})
export class JobsModule {}
