// Summaries, the printed table and the JSON record of a run.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHistogram } from 'node:perf_hooks';
import { latencyOf } from './interleave.mjs';
import { resultsDir } from './paths.mjs';

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Per target: mean req/s over all rounds (total requests / total seconds), latency percentiles
 * over every request of every round, and the spread of req/s between rounds.
 */
export function summarize(samples, targetNames) {
  const summary = {};
  for (const name of targetNames) {
    const mine = samples.filter((sample) => sample.target === name);
    const requests = mine.reduce((sum, s) => sum + s.requests, 0);
    const seconds = mine.reduce((sum, s) => sum + s.seconds, 0);
    const rates = mine.map((s) => s.rps);
    const all = createHistogram();
    for (const sample of mine) all.add(sample.histogram);
    const latency = latencyOf(all);
    summary[name] = {
      rounds: mine.length,
      requests,
      rps: requests / seconds,
      rpsMin: Math.min(...rates),
      rpsMax: Math.max(...rates),
      p50Ms: latency.p50,
      p95Ms: latency.p95,
      p99Ms: latency.p99,
      serverCpuMicrosPerRequest: microsPerRequest(mine, 'serverCpuSeconds', requests),
      mainThreadCpuMicrosPerRequest: microsPerRequest(mine, 'mainThreadCpuSeconds', requests),
      databaseCpuMicrosPerRequest: microsPerRequest(mine, 'databaseCpuSeconds', requests),
      failures: mine.reduce((sum, s) => sum + s.errors + s.timeouts + s.wrongStatus, 0),
    };
  }
  return summary;
}

function microsPerRequest(samples, field, requests) {
  return samples.every((s) => typeof s[field] === 'number')
    ? (samples.reduce((sum, s) => sum + s[field], 0) * 1e6) / requests
    : null;
}

/**
 * subject / baseline on req/s, judged on the median of the rounds' ratios: each round measures
 * both sides back to back, so a burst of load from elsewhere on the machine spoils one pair,
 * which the median then ignores. The pooled ratio (all requests over all rounds) is reported too.
 */
export function compare(samples, summary, { subject, baseline, atLeast }) {
  const perRound = [];
  const rounds = new Set(samples.map((s) => s.round));
  for (const round of rounds) {
    const a = samples.find((s) => s.round === round && s.target === subject);
    const b = samples.find((s) => s.round === round && s.target === baseline);
    if (a && b) perRound.push(a.rps / b.rps);
  }
  const pooled = summary[subject].rps / summary[baseline].rps;
  const ratio = median(perRound);
  const valid = summary[subject].failures === 0 && summary[baseline].failures === 0;
  return {
    subject,
    baseline,
    ratio,
    pooled,
    perRound,
    target: atLeast,
    met: valid && ratio >= atLeast,
    valid,
  };
}

export function printTable(title, summary, comparison) {
  const rows = [
    [
      'target',
      'req/s',
      'min..max req/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'server CPU µs/req',
      'failures',
    ],
  ];
  for (const [name, s] of Object.entries(summary)) {
    rows.push([
      name,
      Math.round(s.rps).toString(),
      `${Math.round(s.rpsMin)}..${Math.round(s.rpsMax)}`,
      String(s.p50Ms),
      String(s.p95Ms),
      String(s.p99Ms),
      s.serverCpuMicrosPerRequest === null
        ? 'n/a'
        : Math.round(s.serverCpuMicrosPerRequest).toString(),
      String(s.failures),
    ]);
  }
  printRows(title, rows);
  if (comparison) {
    const c = comparison;
    console.log(
      `\nratio ${c.subject} / ${c.baseline} (req/s, median of ${c.perRound.length} rounds): ${c.ratio.toFixed(3)}`,
    );
    console.log(
      `  per round ${c.perRound.map((r) => r.toFixed(2)).join(' ')}; pooled over all requests ${c.pooled.toFixed(3)}`,
    );
    const verdict = !c.valid ? 'NOT JUDGED (some requests failed)' : c.met ? 'met' : 'NOT met';
    console.log(`target: >= ${c.target} -> ${verdict}`);
    const a = summary[c.subject].serverCpuMicrosPerRequest;
    const b = summary[c.baseline].serverCpuMicrosPerRequest;
    if (a && b)
      console.log(`server CPU per request ${c.subject} / ${c.baseline}: ${(a / b).toFixed(2)}x`);
    // Where the difference lies: the JavaScript thread, the server's other threads (libuv's
    // pool, V8's helpers), and the database.
    for (const name of [c.subject, c.baseline]) printCpuBreakdown(name, summary[name]);
    console.log('');
  }
}

function printCpuBreakdown(name, s) {
  if (s.serverCpuMicrosPerRequest === null || s.mainThreadCpuMicrosPerRequest === null) return;
  const other = s.serverCpuMicrosPerRequest - s.mainThreadCpuMicrosPerRequest;
  const database =
    s.databaseCpuMicrosPerRequest === null ? 'n/a' : Math.round(s.databaseCpuMicrosPerRequest);
  console.log(
    `  CPU µs/req of ${name}: main thread ${Math.round(s.mainThreadCpuMicrosPerRequest)}, other threads ${Math.round(other)}, PostgreSQL ${database}`,
  );
}

export function machine() {
  const cpus = os.cpus();
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: os.loadavg(),
  };
}

/** Writes bench/results/<timestamp>.json (the folder is gitignored) and returns its path. */
export function writeResults(startedAt, record) {
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  const json = JSON.stringify(record, (key, value) => (key === 'histogram' ? undefined : value), 2);
  writeFileSync(file, `${json}\n`);
  return file;
}

/**
 * Floors that compare scenarios of one bench with each other (a last page against the first):
 * `{ label, value, atMost | atLeast, met }`, printed after the tables.
 */
export function printChecks(checks) {
  if (checks.length === 0) return;
  console.log('checks across scenarios:');
  for (const check of checks) {
    const bound = check.atMost !== undefined ? `<= ${check.atMost}` : `>= ${check.atLeast}`;
    console.log(
      `  ${check.label}: ${check.value.toFixed(3)} (floor ${bound}) -> ${check.met ? 'met' : 'NOT met'}`,
    );
  }
  console.log('');
}

/** The value at `percentile` (nearest rank) of unsorted numbers; NaN when there are none. */
export function percentileOf(values, percentile) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const rank = Math.max(1, Math.ceil((percentile / 100) * sorted.length));
  return sorted[rank - 1];
}

const twoDecimals = (value) => Math.round(value * 100) / 100;

/** The largest number, NaN when there is none (a phase in which nothing answered). */
const slowestOf = (values) => (values.length === 0 ? NaN : Math.max(...values));

/**
 * Per phase of a latency bench (bench/lib/latency.mjs): percentiles over every answer of every
 * round, the slowest answer overall and per round, and the CPU the phases kept busy, in cores
 * (CPU seconds per second of the phase).
 */
export function summarizeLatency(samples, phases) {
  const summary = {};
  for (const phase of phases) {
    const mine = samples.filter((sample) => sample.phase === phase);
    const all = mine.flatMap((sample) => sample.latenciesMs);
    const seconds = mine.reduce((sum, s) => sum + s.seconds, 0);
    const cores = (field, digits = 2) =>
      mine.every((s) => typeof s[field] === 'number')
        ? Number((mine.reduce((sum, s) => sum + s[field], 0) / seconds).toFixed(digits))
        : null;
    const server = cores('serverCpuSeconds');
    const main = cores('mainThreadCpuSeconds');
    summary[phase] = {
      rounds: mine.length,
      answers: all.length,
      seconds: twoDecimals(seconds),
      p50Ms: twoDecimals(percentileOf(all, 50)),
      p99Ms: twoDecimals(percentileOf(all, 99)),
      slowestMs: twoDecimals(slowestOf(all)),
      slowestPerRoundMs: mine.map((s) => twoDecimals(slowestOf(s.latenciesMs))),
      serverCores: server,
      mainThreadCores: main,
      otherThreadsCores: server === null || main === null ? null : twoDecimals(server - main),
      // Seconds waited per second: the share of the phase it was held back.
      mainThreadRunQueueShare: cores('mainThreadRunQueueSeconds', 3),
      databaseCores: cores('databaseCpuSeconds'),
      machineIdleShare: mine.every((s) => typeof s.machineIdleShare === 'number')
        ? twoDecimals(mine.reduce((sum, s) => sum + s.machineIdleShare * s.seconds, 0) / seconds)
        : null,
      clientLoopDelayMaxMs: Math.max(...mine.map((s) => s.clientLoopDelayMaxMs)),
      serverLoopDelayMaxMs: mine.every((s) => typeof s.serverLoopDelayMaxMs === 'number')
        ? Math.max(...mine.map((s) => s.serverLoopDelayMaxMs))
        : null,
      failures: mine.reduce((sum, s) => sum + s.failures, 0),
    };
  }
  return summary;
}

/**
 * The subject phase's slowest answer against the baseline phase's, per round (median) and
 * pooled, and the p99s; judged against an absolute bound on the subject's slowest answer over
 * all rounds (a worst case is what such a target is about). Not judged when an answer failed.
 */
export function compareLatency(samples, summary, { subject, baseline, atMost }) {
  const perRound = [];
  for (const round of new Set(samples.map((s) => s.round))) {
    const a = samples.find((s) => s.round === round && s.phase === subject);
    const b = samples.find((s) => s.round === round && s.phase === baseline);
    if (a && b) perRound.push(slowestOf(a.latenciesMs) / slowestOf(b.latenciesMs));
  }
  const valid =
    summary[subject].failures === 0 &&
    summary[baseline].failures === 0 &&
    samples.every((s) => s.valid !== false);
  return {
    subject,
    baseline,
    slowestRatio: summary[subject].slowestMs / summary[baseline].slowestMs,
    slowestRatioMedian: median(perRound),
    perRound,
    p99Ratio: summary[subject].p99Ms / summary[baseline].p99Ms,
    target: atMost,
    met: valid && summary[subject].slowestMs <= atMost,
    valid,
    errors: samples
      .filter((s) => s.error !== undefined)
      .map(({ round, phase, error }) => ({ round, phase, error })),
  };
}

export function printLatencyTable(title, summary, comparison) {
  const rows = [
    ['phase', 'rounds', 'answers', 'p50 ms', 'p99 ms', 'slowest ms', 'slowest per round ms'],
  ];
  for (const [name, s] of Object.entries(summary)) {
    rows.push([
      name,
      String(s.rounds),
      String(s.answers),
      String(s.p50Ms),
      String(s.p99Ms),
      String(s.slowestMs),
      s.slowestPerRoundMs.join(' '),
    ]);
  }
  printRows(title, rows);
  for (const [name, s] of Object.entries(summary)) {
    const cores = (value) => (value === null ? 'n/a' : value.toFixed(2));
    console.log(
      `  ${name}: ${s.seconds} s; cores busy: server ${cores(s.serverCores)} (main thread ${cores(s.mainThreadCores)}, other threads ${cores(s.otherThreadsCores)}), PostgreSQL ${cores(s.databaseCores)}; main thread waiting for a core ${s.mainThreadRunQueueShare === null ? 'n/a' : `${Math.round(s.mainThreadRunQueueShare * 1000)} ms/s`}; machine idle ${s.machineIdleShare === null ? 'n/a' : `${Math.round(s.machineIdleShare * 100)} %`}; event loop delay max: server ${s.serverLoopDelayMaxMs ?? 'n/a'} ms, client ${s.clientLoopDelayMaxMs} ms; failures ${s.failures}`,
    );
  }
  for (const failed of comparison.errors)
    console.log(`  round ${failed.round} ${failed.phase} failed: ${failed.error}`);
  const c = comparison;
  console.log(
    `\nratio ${c.subject} / ${c.baseline}, slowest answer: ${c.slowestRatio.toFixed(2)} over all rounds, ${c.slowestRatioMedian.toFixed(2)} median of ${c.perRound.length} rounds (${c.perRound.map((r) => r.toFixed(2)).join(' ')}); p99: ${c.p99Ratio.toFixed(2)}`,
  );
  const verdict = !c.valid
    ? 'NOT JUDGED (some answers or uploads failed)'
    : c.met
      ? 'met'
      : 'NOT met';
  console.log(`target: slowest ${c.subject} answer <= ${c.target} ms -> ${verdict}\n`);
}

function printRows(title, rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
      )
      .join('  ');
  console.log(`\n${title}`);
  console.log(line(rows[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
}
