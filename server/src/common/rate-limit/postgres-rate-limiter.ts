import type { DataSource } from 'typeorm';
import type { RateLimiter, RateLimitResult } from './rate-limiter.js';

/** The embedded default: one upserted row per key and window. */
export class PostgresRateLimiter implements RateLimiter {
  constructor(private readonly dataSource: DataSource) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = Date.now();
    const windowStart = now - (now % windowMs);
    const rows: Array<{ hits: number }> = await this.dataSource.query(
      `INSERT INTO rate_limit_counters (key, window_start, hits) VALUES ($1, to_timestamp($2 / 1000.0), 1)
       ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_counters.hits + 1
       RETURNING hits`,
      [key.slice(0, 200), windowStart],
    );
    const hits = rows[0]?.hits ?? 1;
    return { allowed: hits <= limit, hits, retryAfterMs: windowStart + windowMs - now };
  }

  /** Old windows are removed by the maintenance job. */
  async deleteBefore(date: Date): Promise<void> {
    await this.dataSource.query('DELETE FROM rate_limit_counters WHERE window_start < $1', [date]);
  }
}
