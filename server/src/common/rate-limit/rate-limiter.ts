/** Fixed-window counters shared by every process: Redis when configured, else PostgreSQL. */
export interface RateLimitResult {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  hits: number;
  retryAfterMs: number;
}

/** One SELECT returning exactly one row, to run alongside a hit (`RateLimiter.hitWith`). */
export interface SingleRowRead {
  sql: string;
  parameters: unknown[];
  /**
   * Data-modifying WITH parts (`name AS (INSERT …)`, comma-separated) to run in the read's
   * statement. They may name the relation `rate_limit_allowed`, one row when the hit is allowed
   * and none when refused, to write nothing on a refused hit. An adapter that cannot know the hit
   * inside the statement (Redis) gives it one row always, so the caller still undoes writes of a
   * refused hit. `sql` itself must be a plain SELECT (no WITH of its own).
   */
  writes?: string;
}

/** A read's SQL goes after the adapter's own WITH parts, so it may not start one itself. */
export function assertPlainSelect(read: SingleRowRead): void {
  if (/^\s*WITH\b/i.test(read.sql)) {
    throw new Error(
      'RateLimiter.hitWith: the read must be a plain SELECT; put WITH parts in writes',
    );
  }
}

/** A hit's result and the row of the read that ran alongside it. */
export interface HitWithResult<Row> {
  result: RateLimitResult;
  row: Row | undefined;
}

export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /**
   * Counts a hit and runs a read the caller needs next, in one round trip where the store allows:
   * one statement on PostgreSQL, side by side with Redis. A login thus costs one statement before
   * its hash instead of two (docs/decisions.md, login benchmark). The read happens even when the
   * hit is refused, so refusing costs no less than allowing.
   */
  hitWith<Row>(
    key: string,
    limit: number,
    windowMs: number,
    read: SingleRowRead,
  ): Promise<HitWithResult<Row>>;
}

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/** The fixed window `now` falls in, and how a hit count in it reads. */
export function currentWindow(
  windowMs: number,
  now = Date.now(),
): { start: number; result(hits: number, limit: number): RateLimitResult } {
  const start = now - (now % windowMs);
  return {
    start,
    result: (hits, limit) => ({
      allowed: hits <= limit,
      hits,
      retryAfterMs: start + windowMs - now,
    }),
  };
}
