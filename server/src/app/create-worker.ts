import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { Metrics } from '../common/metrics/metrics.js';
import { AppModule } from './app.module.js';
import { createLogger, NestPinoLogger, type AppLogger } from '../common/logger.js';
import { openRuntime, type Runtime } from './runtime.js';

export interface StartedWorker {
  context: INestApplicationContext;
  runtime: Runtime;
  /** Stops taking jobs, lets the active ones finish, then closes everything. */
  close(): Promise<void>;
}

export class WorkerConfigError extends Error {}

/**
 * `npm run worker`: the same modules as the web process in a Nest application context without
 * HTTP, with the job workers and schedules running. Needs REDIS_URL: that is where the jobs of
 * the web processes wait.
 */
export async function startWorker(
  config: AppConfig,
  logger: AppLogger = createLogger(config),
): Promise<StartedWorker> {
  if (!config.redisUrl) {
    throw new WorkerConfigError(
      'npm run worker needs REDIS_URL: without Redis the web process runs its jobs itself (RUN_WORKERS).',
    );
  }
  const workerConfig: AppConfig = { ...config, runWorkers: true, serveWeb: false };
  const runtime = await openRuntime(workerConfig, logger);
  try {
    const context = await NestFactory.createApplicationContext(
      AppModule.register(runtime, new Metrics()),
      { logger: new NestPinoLogger(logger) },
    );
    let closing: Promise<void> | null = null;
    const close = () => {
      closing ??= (async () => {
        await context.close();
        await runtime.close();
      })();
      return closing;
    };
    return { context, runtime, close };
  } catch (error) {
    await runtime.close();
    throw error;
  }
}
