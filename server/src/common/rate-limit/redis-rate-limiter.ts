import type { Redis } from 'ioredis';
import type { RateLimiter, RateLimitResult } from './rate-limiter.js';

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = Date.now();
    const windowStart = now - (now % windowMs);
    const redisKey = `${this.prefix}:rl:${key}:${windowStart}`;
    const [[, hits]] = (await this.redis
      .multi()
      .incr(redisKey)
      .pexpire(redisKey, windowMs + 1000)
      .exec()) as [[Error | null, number], [Error | null, number]];
    return { allowed: hits <= limit, hits, retryAfterMs: windowStart + windowMs - now };
  }
}
