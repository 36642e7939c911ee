// Shapes of a benchmark module (bench/*.bench.mjs), for editors; the runner checks them too.
export interface BenchRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Every response must have this status (default 200); others count as failures. */
  expectStatus?: number;
}

export interface BenchTarget {
  name: string;
  url: string;
  /** The server's process id, for its CPU time per request (Linux /proc). */
  pid?: number;
}

export interface Bench {
  name: string;
  title: string;
  request: BenchRequest;
  /** All targets must answer the same JSON before load starts. */
  sameBody?: boolean;
  /** subject / baseline on req/s, judged against atLeast. */
  compare?: { subject: string; baseline: string; atLeast: number };
  /** Defaults for this bench; BENCH_* variables still override them. */
  settings?: Partial<{
    rounds: number;
    durationSeconds: number;
    warmupSeconds: number;
    connections: number;
  }>;
  setup(): Promise<{
    targets: BenchTarget[];
    notes?: Record<string, unknown>;
    teardown(): Promise<void>;
  }>;
}
