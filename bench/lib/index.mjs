// The reusable part of the benchmarks: processes, interleaved rounds, summaries and reports.
export {
  freePort,
  startDatabase,
  startServerProcess,
  stopAll,
  variantNodeArgs,
} from './processes.mjs';
export { load, roundSettings, runInterleaved } from './interleave.mjs';
export {
  compare,
  machine,
  median,
  printTable,
  printSideComparison,
  summarize,
  writeResults,
} from './report.mjs';
export { checkSameAnswer } from './verify.mjs';
export { benchDir, repoRoot, resultsDir } from './paths.mjs';
