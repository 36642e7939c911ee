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
  /** This target's own request, in a scenario that compares requests (BenchScenario.targets). */
  request?: BenchRequest;
}

export interface BenchScenario {
  name: string;
  request: BenchRequest;
  /**
   * Its own targets instead of the bench's (each may carry its own request): e.g. two requests
   * to the same server, interleaved round by round, so their ratio is measured in the same rounds.
   */
  targets?(targets: BenchTarget[]): BenchTarget[];
  /** Its own comparison and same-body rule instead of the bench's. */
  compare?: { subject: string; baseline: string; atLeast: number } | null;
  sameBody?: boolean;
  /** Its own load settings over the bench's (e.g. more connections). */
  settings?: Partial<{ connections: number; pipelining: number }>;
}

/** A floor comparing scenarios with each other, e.g. the last page's p95 against the first's. */
export interface BenchCheck {
  label: string;
  value: number;
  atMost?: number;
  atLeast?: number;
  met: boolean;
}

/** One phase of one round of a latency bench (bench/lib/latency.mjs, measurePhase). */
export interface LatencySample {
  round: number;
  phase: string;
  /** Every answer's latency, in order. */
  latenciesMs: number[];
  /** Answers with another status, or none in time. */
  failures: number;
  seconds: number;
  serverCpuSeconds: number | null;
  mainThreadCpuSeconds: number | null;
  /** Time the server's main thread was ready but waited for a core (Linux schedstat). */
  mainThreadRunQueueSeconds: number | null;
  databaseCpuSeconds: number | null;
  machineIdleShare: number | null;
  /** The longest delay of the polling thread's own event loop. */
  clientLoopDelayMaxMs: number;
  /** The server's own (its Prometheus scrape's), when the bench gives a metrics URL. */
  serverLoopDelayMaxMs?: number | null;
  serverLoopDelayP99Ms?: number | null;
  /** False when the phase's own load went wrong (an upload answered another status...). */
  valid?: boolean;
  /** Why the phase's load failed (the server died, an answer never came...). */
  error?: string;
}

export interface BenchEnvironment {
  targets: BenchTarget[];
  notes?: Record<string, unknown>;
  /** What the bench's own `measure` needs from its setup (a database URL, ...). */
  context?: Record<string, unknown>;
  teardown(): Promise<void>;
}

export interface Bench {
  name: string;
  title: string;
  /**
   * A latency bench instead of a request-rate one: `measure` runs the rounds of phases itself
   * and the runner compares `subject` with `baseline` by their slowest answers, judged by
   * `atMost` (ms) on the subject's slowest.
   */
  latency?: { subject: string; baseline: string; atMost: number };
  measure?(
    environment: BenchEnvironment,
    settings: { rounds: number; durationSeconds: number; warmupSeconds: number },
  ): Promise<LatencySample[]>;
  /**
   * A bench of its own kind (not requests): runs its rounds, prints them and returns a summary,
   * the samples kept in the results file, and its floors.
   */
  run?(
    environment: BenchEnvironment,
    settings: { rounds: number; durationSeconds: number; warmupSeconds: number },
  ): Promise<{ summary: Record<string, unknown>; samples: unknown[]; checks?: BenchCheck[] }>;
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
  setup(): Promise<BenchEnvironment>;
}
