import { type DynamicModule, Global, Module } from '@nestjs/common';
import { CLOCK, CONFIG, DATA_SOURCE, LOGGER, REDIS } from '../common/tokens.js';
import { systemClock } from '../common/clock.js';
import { Metrics } from '../common/metrics/metrics.js';
import { WorkerPool } from '../common/worker-pool/worker-pool.js';
import type { Runtime } from './runtime.js';

/**
 * Hands the runtime's resources (config, database, Redis, logger) and the worker pool to every
 * module.
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot(runtime: Runtime, metrics: Metrics): DynamicModule {
    const providers = [
      { provide: CONFIG, useValue: runtime.config },
      { provide: DATA_SOURCE, useValue: runtime.dataSource },
      { provide: REDIS, useValue: runtime.redis },
      { provide: LOGGER, useValue: runtime.logger },
      { provide: CLOCK, useValue: systemClock },
      { provide: Metrics, useValue: metrics },
      {
        provide: WorkerPool,
        useFactory: () => new WorkerPool({ maxThreads: runtime.config.uploads.workerThreads }),
      },
    ];
    return { module: CoreModule, providers, exports: providers.map((p) => p.provide) };
  }
}
