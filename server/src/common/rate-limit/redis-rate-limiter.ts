import type { Redis } from 'ioredis';
import {
  currentWindow,
  type RateLimiter,
  type RateLimitPeek,
  type RateLimitResult,
} from './rate-limiter.js';

/** With REDIS_URL: one key per window, expiring by itself shortly after the window ends. */
export class RedisRateLimiter implements RateLimiter, RateLimitPeek {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
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

  async peek(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const window = currentWindow(windowMs);
    const hits = Number((await this.redis.get(`${this.prefix}:rl:${key}:${window.start}`)) ?? 0);
    return { ...window.result(hits + 1, limit), hits };
  }
}
