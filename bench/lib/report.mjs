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
