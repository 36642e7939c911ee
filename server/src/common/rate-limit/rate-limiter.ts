/** Fixed-window counters shared by every process: Redis when configured, else PostgreSQL. */
export interface RateLimitResult {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  hits: number;
  retryAfterMs: number;
}

/** The port: one verb. Counts a hit on `key` and says whether it is within `limit` per window. */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
}

/**
 * A second verb for a lockout: reads a key's count without counting a hit, so a caller over its
 * limit is refused before it is served, even when this attempt would have succeeded.
 * `allowed` says whether one more hit would be within `limit`.
 */
export interface RateLimitPeek {
  peek(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
}

/** A counted hit that can be given back (see RateLimitReserve). */
export interface RateLimitReservation extends RateLimitResult {
  /**
   * Takes the hit back in the window it was counted in (a later window keeps its own count),
   * never below zero. A second call does nothing.
   */
  release(): Promise<void>;
}

/**
 * A third verb for a limit that counts only what succeeded (issue 29: an import that is refused
 * does not use up the import limit). `reserve` counts a hit as `hit` does, so parallel attempts
 * can never pass the limit together; the caller releases it when the attempt fails or was
 * refused by the limit itself.
 */
export interface RateLimitReserve {
  reserve(key: string, limit: number, windowMs: number): Promise<RateLimitReservation>;
}

/** A reservation of `result` whose `release` runs `takeBack` the first time only. */
export function reservation(
  result: RateLimitResult,
  takeBack: () => Promise<unknown>,
): RateLimitReservation {
  let released = false;
  return {
    ...result,
    release: async () => {
      if (released) return;
      released = true;
      await takeBack();
    },
  };
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
