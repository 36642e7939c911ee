import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { sqlRows } from '../../database/sql.js';
import {
  currentWindow,
  type HitWithResult,
  type RateLimiter,
  type RateLimitResult,
  type SingleRowRead,
} from './rate-limiter.js';

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly dataSource: DataSource,
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const window = currentWindow(windowMs);
    const redisKey = `${this.prefix}:rl:${key}:${window.start}`;
    const [[, hits]] = (await this.redis
      .multi()
      .incr(redisKey)
      .pexpire(redisKey, windowMs + 1000)
      .exec()) as [[Error | null, number], [Error | null, number]];
    return window.result(hits, limit);
  }

  /** Two stores, so the two round trips run side by side. */
  async hitWith<Row>(
    key: string,
    limit: number,
    windowMs: number,
    read: SingleRowRead,
  ): Promise<HitWithResult<Row>> {
    const [result, rows] = await Promise.all([
      this.hit(key, limit, windowMs),
      sqlRows<Row>(
        this.dataSource,
        read.writes ? `WITH ${read.writes} ${read.sql}` : read.sql,
        read.parameters,
      ),
    ]);
    return { result, row: rows[0] };
  }
}
