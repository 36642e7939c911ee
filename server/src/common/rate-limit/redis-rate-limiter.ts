import type { Redis } from 'ioredis';
import {
  currentWindow,
  reservation,
  type RateLimiter,
  type RateLimitPeek,
  type RateLimitReservation,
  type RateLimitReserve,
  type RateLimitResult,
} from './rate-limiter.js';

// Takes one hit back from a window's key only while the key exists (an ended window's key
// expires; DECR would create it again at -1) and only down to zero.
const RELEASE_HIT = `if (tonumber(redis.call('get', KEYS[1]) or '0') > 0) then
  return redis.call('decr', KEYS[1])
end
return 0`;

/** With REDIS_URL: one key per window, expiring by itself shortly after the window ends. */
export class RedisRateLimiter implements RateLimiter, RateLimitPeek, RateLimitReserve {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const { result } = await this.count(key, limit, windowMs);
    return result;
  }

  async reserve(key: string, limit: number, windowMs: number): Promise<RateLimitReservation> {
    const { result, redisKey } = await this.count(key, limit, windowMs);
    return reservation(result, () => this.redis.eval(RELEASE_HIT, 1, redisKey));
  }

  private async count(key: string, limit: number, windowMs: number) {
    const window = currentWindow(windowMs);
    const redisKey = `${this.prefix}:rl:${key}:${window.start}`;
    const [[, hits]] = (await this.redis
      .multi()
      .incr(redisKey)
      .pexpire(redisKey, windowMs + 1000)
      .exec()) as [[Error | null, number], [Error | null, number]];
    return { result: window.result(hits, limit), redisKey };
  }

  async peek(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const window = currentWindow(windowMs);
    const hits = Number((await this.redis.get(`${this.prefix}:rl:${key}:${window.start}`)) ?? 0);
    return { ...window.result(hits + 1, limit), hits };
  }
}
