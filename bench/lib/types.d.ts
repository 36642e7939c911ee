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

export interface BenchScenario {
  name: string;
  request: BenchRequest;
}

/** A floor comparing scenarios with each other, e.g. the last page's p95 against the first's. */
export interface BenchCheck {
  label: string;
  value: number;
  atMost?: number;
  atLeast?: number;
  met: boolean;
}

export interface Bench {
  name: string;
  title: string;
  /** One request; or `scenarios`, each measured on the same setup. */
  request?: BenchRequest;
  scenarios?: BenchScenario[];
  /** Floors across scenarios, from each scenario's summary (p95Ms, rps) and comparison. */
  checks?(
    results: Record<string, { summary: Record<string, { p95Ms: number; rps: number }> }>,
  ): BenchCheck[];
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
