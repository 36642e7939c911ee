import type { DataSource } from 'typeorm';
import type { RateLimiter, RateLimitResult } from './rate-limiter.js';
import { sqlRows } from '../../database/sql.js';

/** The embedded default: one upserted row per key and window. */
export class PostgresRateLimiter implements RateLimiter {
  constructor(private readonly dataSource: DataSource) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = Date.now();
    const windowStart = now - (now % windowMs);
    const rows = await sqlRows<{ hits: number }>(
      this.dataSource,
      `INSERT INTO rate_limit_counters (key, window_start, hits) VALUES ($1, to_timestamp($2 / 1000.0), 1)
       ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_counters.hits + 1
       RETURNING hits`,
      [key.slice(0, 200), windowStart],
    );
    const hits = rows[0]?.hits ?? 1;
    return { allowed: hits <= limit, hits, retryAfterMs: windowStart + windowMs - now };
  }
}
