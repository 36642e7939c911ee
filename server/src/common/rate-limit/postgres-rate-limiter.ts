import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../tokens.js';
import {
  currentWindow,
  reservation,
  type RateLimiter,
  type RateLimitPeek,
  type RateLimitReservation,
  type RateLimitReserve,
  type RateLimitResult,
} from './rate-limiter.js';

// One row per key and window, counted up atomically (ON CONFLICT: a PostgreSQL feature, hence SQL).
const COUNT_HIT = `INSERT INTO rate_limit_counters (key, window_start, hits)
  VALUES ($1, to_timestamp($2 / 1000.0), 1)
  ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_counters.hits + 1
  RETURNING hits`;

// An ended window's row is left alone by the caller's own window start; never below zero.
const RELEASE_HIT = `UPDATE rate_limit_counters SET hits = hits - 1
  WHERE key = $1 AND window_start = to_timestamp($2 / 1000.0) AND hits > 0`;

const READ_HITS = `SELECT hits FROM rate_limit_counters
  WHERE key = $1 AND window_start = to_timestamp($2 / 1000.0)`;

/** The embedded default, for deployments without Redis. */
export class PostgresRateLimiter implements RateLimiter, RateLimitPeek, RateLimitReserve {
  constructor(private readonly dataSource: DataSource) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const { result } = await this.count(key, limit, windowMs);
    return result;
  }

  async reserve(key: string, limit: number, windowMs: number): Promise<RateLimitReservation> {
    const { result, start } = await this.count(key, limit, windowMs);
    return reservation(result, () =>
      this.dataSource.query(RELEASE_HIT, [key.slice(0, 200), start]),
    );
  }

  private async count(key: string, limit: number, windowMs: number) {
    const window = currentWindow(windowMs);
    const rows: Array<{ hits: number }> = await this.dataSource.query(COUNT_HIT, [
      key.slice(0, 200),
      window.start,
    ]);
    return { result: window.result(rows[0]?.hits ?? 1, limit), start: window.start };
  }

  async peek(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const window = currentWindow(windowMs);
    const rows: Array<{ hits: number }> = await this.dataSource.query(READ_HITS, [
      key.slice(0, 200),
      window.start,
    ]);
    const hits = rows[0]?.hits ?? 0;
    return { ...window.result(hits + 1, limit), hits };
  }
}

/** Removes the PostgreSQL store's ended windows (the hourly maintenance job). */
@Injectable()
export class RateLimitHousekeeping {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async deleteWindowsBefore(date: Date): Promise<void> {
    await this.dataSource.query(`DELETE FROM rate_limit_counters WHERE window_start < $1`, [date]);
  }
}
