import { Global, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/config.js';
import { CONFIG, DATA_SOURCE, RATE_LIMITER, REDIS } from '../tokens.js';
import { PostgresRateLimiter } from './postgres-rate-limiter.js';
import { RedisRateLimiter } from './redis-rate-limiter.js';

@Global()
@Module({
  providers: [
    {
      provide: RATE_LIMITER,
      inject: [CONFIG, REDIS, DATA_SOURCE],
      useFactory: (config: AppConfig, redis: Redis | null, dataSource: DataSource) =>
        redis
          ? new RedisRateLimiter(redis, config.redisPrefix, dataSource)
          : new PostgresRateLimiter(dataSource),
    },
  ],
  exports: [RATE_LIMITER],
})
export class RateLimitModule {}
