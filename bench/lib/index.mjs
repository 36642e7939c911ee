// The reusable part of the benchmarks: processes, interleaved rounds, latency phases, summaries
// and reports.
export { freePort, startDatabase, startServerProcess, stopAll } from './processes.mjs';
export { load, roundSettings, runInterleaved } from './interleave.mjs';
export { measurePhase, pollSequentially } from './latency.mjs';
export {
  compare,
  compareLatency,
  machine,
  median,
  percentileOf,
  printChecks,
  printLatencyTable,
  printTable,
  summarize,
  summarizeLatency,
  writeResults,
} from './report.mjs';
export { BENCH_ORIGIN, signIn } from './sign-in.mjs';
export { checkSameAnswer } from './verify.mjs';
export { benchDir, repoRoot, resultsDir } from './paths.mjs';
