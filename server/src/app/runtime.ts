import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/config.js';
import { createDataSource, migrate } from '../database/data-source.js';
import { defaultEmbeddedDir, startEmbeddedPostgres } from '../database/embedded-postgres.js';
import type { AppLogger } from '../common/logger.js';

/**
 * The resources that exist before and after Nest: the database (configured or embedded) and
 * Redis. Created once per process, closed last on shutdown.
 */
export interface Runtime {
  config: AppConfig;
  logger: AppLogger;
  dataSource: DataSource;
  redis: Redis | null;
  close(): Promise<void>;
}

export async function openRuntime(config: AppConfig, logger: AppLogger): Promise<Runtime> {
  const closers: Array<() => Promise<void>> = [];
  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const embedded = await startEmbeddedPostgres(
        defaultEmbeddedDir(config.dataDir),
        config.embeddedPostgresPort,
        { info: (m) => logger.info(m), warn: (m) => logger.warn(m) },
      );
      closers.unshift(embedded.stop);
      databaseUrl = embedded.url;
    }
    const dataSource = createDataSource(databaseUrl);
    await dataSource.initialize();
    closers.unshift(() => dataSource.destroy());
    const applied = await migrate(dataSource);
    if (applied.length > 0) logger.info({ applied }, 'database migrations applied');

    let redis: Redis | null = null;
    if (config.redisUrl) {
      // BullMQ needs maxRetriesPerRequest: null on connections its workers block on.
      redis = new Redis(config.redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
      await redis.connect();
      const client = redis;
      closers.unshift(async () => {
        await client.quit().catch(() => client.disconnect());
      });
    }

    return {
      config,
      logger,
      dataSource,
      redis,
      close: async () => {
        for (const close of closers)
          await close().catch((error) => logger.warn({ err: error }, 'close failed'));
      },
    };
  } catch (error) {
    for (const close of closers) await close().catch(() => undefined);
    throw error;
  }
}
