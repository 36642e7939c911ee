import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { sqlRows } from '../../database/sql.js';
import {
  assertPlainSelect,
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

  /**
   * Two stores, so the two round trips run side by side. The statement cannot know the hit, so
   * its writes always run (rate_limit_allowed has one row) and the caller undoes them on a refusal.
   */
  async hitWith<Row>(
    key: string,
    limit: number,
    windowMs: number,
    read: SingleRowRead,
  ): Promise<HitWithResult<Row>> {
    assertPlainSelect(read);
    // allSettled: when one store fails, the other's work (the writes above all) has ended before
    // the caller sees the error and tries to undo it.
    const [hit, rows] = await Promise.allSettled([
      this.hit(key, limit, windowMs),
      sqlRows<Row>(
        this.dataSource,
        read.writes ? `WITH rate_limit_allowed AS (SELECT), ${read.writes} ${read.sql}` : read.sql,
        read.parameters,
      ),
    ]);
    if (hit.status === 'rejected') throw hit.reason;
    if (rows.status === 'rejected') throw rows.reason;
    return { result: hit.value, row: rows.value[0] };
  }
}
