// The reusable part of the benchmarks: processes, interleaved rounds, summaries and reports.
export { freePort, startDatabase, startServerProcess, stopAll } from './processes.mjs';
export { load, roundSettings, runInterleaved } from './interleave.mjs';
export {
  compare,
  machine,
  median,
  printChecks,
  printTable,
  summarize,
  writeResults,
} from './report.mjs';
export { checkSameAnswer } from './verify.mjs';
export { benchDir, repoRoot, resultsDir } from './paths.mjs';
