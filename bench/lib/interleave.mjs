// Interleaved load rounds: every target gets the same load, in alternating order, so noise from
// the machine (another process, thermal or frequency changes, the database's own work) lands on
// every side alike instead of on whichever happened to run second.
import { readdirSync, readFileSync } from 'node:fs';
import { createHistogram } from 'node:perf_hooks';
import autocannon from 'autocannon';

const MICROS = 1000;

/** Latency percentiles in ms (two decimals) from a histogram of microseconds. */
export function latencyOf(histogram) {
  const at = (percentile) => Math.round(histogram.percentile(percentile) / 10) / 100;
  return {
    mean: Math.round(histogram.mean / 10) / 100,
    p50: at(50),
    p90: at(90),
    p95: at(95),
    p99: at(99),
    max: Math.round(histogram.max / 10) / 100,
  };
}

/** Settings for a run; every one can be overridden from the environment (README, Benchmarks). */
export function roundSettings(defaults = {}) {
  const number = (name, fallback) => {
    const raw = process.env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0)
      throw new Error(`${name} must be a non-negative number, got "${raw}"`);
    return value;
  };
  return {
    rounds: number('BENCH_ROUNDS', defaults.rounds ?? 10),
    durationSeconds: number('BENCH_DURATION', defaults.durationSeconds ?? 2.5),
    warmupSeconds: number('BENCH_WARMUP', defaults.warmupSeconds ?? 3),
    connections: number('BENCH_CONNECTIONS', defaults.connections ?? 10),
    pipelining: number('BENCH_PIPELINING', defaults.pipelining ?? 1),
  };
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/**
 * CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere.
 * Per request, this is a measure of a server's cost that the machine's other load barely
 * disturbs, unlike requests per second.
 */
export function cpuSecondsOf(pid) {
  if (!pid) return null;
  return procCpu(`/proc/${pid}/stat`)?.seconds ?? null;
}

/** user + system seconds and the command name of one /proc stat file (a process or a thread). */
function procCpu(file) {
  try {
    const stat = readFileSync(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    };
  } catch {
    return null;
  }
}

/**
 * Where a server's CPU goes, for finding a gap: its main (JavaScript) thread, and each PostgreSQL
 * process on the machine by pid (the benchmark's database does the work; an idle one adds next
 * to nothing). Null where /proc is missing.
 */
export function cpuBreakdownOf(pid) {
  const mainThread = pid ? (procCpu(`/proc/${pid}/task/${pid}/stat`)?.seconds ?? null) : null;
  const database = new Map();
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = procCpu(`/proc/${entry}/stat`);
      if (stat?.name === 'postgres') database.set(entry, stat.seconds);
    }
  } catch {
    return { mainThread, database: null };
  }
  return { mainThread, database };
}

/** CPU seconds between two breakdowns; a backend that ended in between is left out. */
function breakdownSpent(before, after) {
  let database = null;
  if (before.database && after.database) {
    database = 0;
    for (const [pid, seconds] of after.database)
      database += seconds - (before.database.get(pid) ?? 0);
  }
  return {
    mainThread:
      before.mainThread === null || after.mainThread === null
        ? null
        : after.mainThread - before.mainThread,
    database,
  };
}

/** One autocannon segment against one URL. The load runs in this (the runner's) process. */
export async function load(url, request, settings, durationSeconds, pid = null) {
  const cpuBefore = cpuSecondsOf(pid);
  const breakdownBefore = cpuBreakdownOf(pid);
  // autocannon's own latency histogram counts whole milliseconds, too coarse for sub-ms
  // answers; its 'response' event carries the exact time, kept here in microseconds.
  const histogram = createHistogram();
  const instance = autocannon({
    url: new URL(request.path, url).toString(),
    method: request.method ?? 'GET',
    headers: request.headers ?? {},
    body: request.body,
    connections: settings.connections,
    pipelining: settings.pipelining,
    duration: durationSeconds,
    // Same behaviour for every target: no client-side reconnect tricks, plain keep-alive.
    timeout: 10,
  });
  instance.on('response', (_client, _status, _bytes, responseTimeMs) => {
    histogram.record(Math.max(1, Math.round(responseTimeMs * MICROS)));
  });
  const result = await instance;
  const cpuAfter = cpuSecondsOf(pid);
  const spent = breakdownSpent(breakdownBefore, cpuBreakdownOf(pid));
  const wrongStatus = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => Number(code) !== (request.expectStatus ?? 200))
    .reduce((sum, [, stat]) => sum + stat.count, 0);
  return {
    requests: result.requests.total,
    seconds: result.duration,
    rps: result.requests.total / result.duration,
    latencyMs: latencyOf(histogram),
    serverCpuSeconds: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
    mainThreadCpuSeconds: spent.mainThread,
    databaseCpuSeconds: spent.database,
    histogram,
    errors: result.errors,
    timeouts: result.timeouts,
    wrongStatus,
  };
}

/**
 * Runs a warm-up segment per target, then `rounds` rounds in which each target gets one segment.
 * The order alternates every round (A B, B A, A B ...). Returns the samples in running order.
 */
export async function runInterleaved(targets, request, settings, log = console.log) {
  for (const target of targets) {
    if (settings.warmupSeconds > 0) {
      log(`  warm-up   ${target.name.padEnd(12)} ${settings.warmupSeconds} s`);
      await load(target.url, target.request ?? request, settings, settings.warmupSeconds);
    }
  }
  const samples = [];
  for (let round = 1; round <= settings.rounds; round += 1) {
    const order = round % 2 === 1 ? targets : [...targets].reverse();
    for (const target of order) {
      const sample = await load(
        target.url,
        target.request ?? request,
        settings,
        settings.durationSeconds,
        target.pid,
      );
      samples.push({ round, target: target.name, ...sample });
      log(
        `  round ${String(round).padEnd(3)} ${target.name.padEnd(12)} ${Math.round(sample.rps)
          .toString()
          .padStart(7)} req/s  p50 ${sample.latencyMs.p50} ms  p99 ${sample.latencyMs.p99} ms` +
          (sample.serverCpuSeconds === null
            ? ''
            : `  server CPU ${Math.round((sample.serverCpuSeconds * 1e6) / sample.requests)} µs/req`) +
          (sample.errors + sample.timeouts + sample.wrongStatus > 0
            ? `  (errors ${sample.errors}, timeouts ${sample.timeouts}, wrong status ${sample.wrongStatus})`
            : ''),
      );
    }
  }
  return samples;
}
