import type { DataSource } from 'typeorm';
import {
  assertPlainSelect,
  currentWindow,
  type HitWithResult,
  type RateLimiter,
  type RateLimitResult,
  type SingleRowRead,
} from './rate-limiter.js';
import { ASYNC_COMMIT, sqlRows } from '../../database/sql.js';

/**
 * The upsert of one window's counter, its key and window start at $k and $k+1. Its commit does
 * not wait for the WAL flush: a crash may forget a moment's hits, which costs nothing.
 */
function upsertCounter(k: number): string {
  return `INSERT INTO rate_limit_counters (key, window_start, hits)
    SELECT $${k}, to_timestamp($${k + 1} / 1000.0), 1 FROM ${ASYNC_COMMIT}
    ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_counters.hits + 1
    RETURNING hits`;
}

/** The embedded default: one upserted row per key and window. */
export class PostgresRateLimiter implements RateLimiter {
  /** hitWith's statement per read text and writes: reads are constants, so built once each. */
  private readonly statements = new Map<string, Map<string, string>>();

  constructor(private readonly dataSource: DataSource) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const window = currentWindow(windowMs);
    const rows = await sqlRows<{ hits: number }>(this.dataSource, upsertCounter(1), [
      key.slice(0, 200),
      window.start,
    ]);
    return window.result(rows[0]?.hits ?? 1, limit);
  }

  async hitWith<Row>(
    key: string,
    limit: number,
    windowMs: number,
    read: SingleRowRead,
  ): Promise<HitWithResult<Row>> {
    const window = currentWindow(windowMs);
    const rows = await sqlRows<Row & { rate_limit_hits: number }>(
      this.dataSource,
      this.hitWithStatement(read),
      // The limit is a parameter only of statements with writes (rate_limit_allowed uses it).
      [...read.parameters, key.slice(0, 200), window.start, ...(read.writes ? [limit] : [])],
    );
    const first = rows[0];
    if (!first) return { result: window.result(1, limit), row: undefined };
    const { rate_limit_hits: hits, ...row } = first;
    return { result: window.result(hits, limit), row: row as Row };
  }

  private hitWithStatement(read: SingleRowRead): string {
    const writes = read.writes ?? '';
    // The text depends on the read, its writes and where the hit's parameters start.
    const cacheKey = `${read.parameters.length}:${read.sql}`;
    let byWrites = this.statements.get(cacheKey);
    if (!byWrites) this.statements.set(cacheKey, (byWrites = new Map()));
    let statement = byWrites.get(writes);
    if (statement === undefined) {
      assertPlainSelect(read);
      const k = read.parameters.length + 1;
      // A data-modifying WITH part runs once whatever the outer query reads; the LEFT JOIN keeps
      // the hit's row even if the read found nothing. Writes join rate_limit_allowed, so a
      // refused hit writes nothing (and its answer costs the same for any address).
      statement = `WITH rate_limit_hit AS (${upsertCounter(k)})${
        writes
          ? `, rate_limit_allowed AS (SELECT FROM rate_limit_hit WHERE hits <= $${k + 2}::int), ${writes}`
          : ''
      }
       SELECT rate_limit_hit.hits AS rate_limit_hits, read.*
       FROM rate_limit_hit LEFT JOIN (${read.sql}) AS read ON true`;
      byWrites.set(writes, statement);
    }
    return statement;
  }
}
