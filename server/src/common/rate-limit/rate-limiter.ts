/** Fixed-window counters shared by every process: Redis when configured, else PostgreSQL. */
export interface RateLimitResult {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  hits: number;
  retryAfterMs: number;
}

export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
}

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}
