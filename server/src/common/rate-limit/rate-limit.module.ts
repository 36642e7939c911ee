import { Global, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/config.js';
import { CONFIG, DATA_SOURCE, RATE_LIMITER, REDIS } from '../tokens.js';
import { PostgresRateLimiter, RateLimitHousekeeping } from './postgres-rate-limiter.js';
import { RedisRateLimiter } from './redis-rate-limiter.js';

@Global()
@Module({
  providers: [
    RateLimitHousekeeping,
    {
      provide: RATE_LIMITER,
      inject: [CONFIG, REDIS, DATA_SOURCE],
      useFactory: (config: AppConfig, redis: Redis | null, dataSource: DataSource) =>
        redis
          ? new RedisRateLimiter(redis, config.redisPrefix)
          : new PostgresRateLimiter(dataSource),
    },
  ],
  exports: [RATE_LIMITER, RateLimitHousekeeping],
})
export class RateLimitModule {}
