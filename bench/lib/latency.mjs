// Latency benches: one client asks a route again and again, one request at a time, while
// phases alternate (at rest, under some load the bench makes), and the slowest answers of the
// two phases are compared. A request-rate bench (autocannon) cannot see this: it measures
// throughput, and a stalled event loop hides in its averages.
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { cpuBreakdownOf, cpuSecondsOf } from './interleave.mjs';

/**
 * Starts asking `url` sequentially in a worker thread (bench/lib/poller.mjs), the next request
 * `pauseMs` after the previous answer. `stop()` resolves with each answer's latency in ms
 * (request sent to body read), how many answered another status or not within `timeoutMs`, and
 * the longest delay of the poller's event loop (which would show the client itself stalling).
 */
export function pollSequentially(url, { pauseMs = 10, expectStatus = 200, timeoutMs = 60_000 }) {
  const worker = new Worker(new URL('./poller.mjs', import.meta.url), {
    workerData: { url: String(url), pauseMs, expectStatus, timeoutMs },
  });
  // events.once rejects on 'error' too: a poller that cannot start fails the phase.
  const started = once(worker, 'message');
  const result = new Promise((resolve, reject) => {
    worker.on('message', (message) => message.type === 'done' && resolve(message));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the poller exited with code ${code}`)));
  });
  // Handled where stop() awaits it; until then a failure must not end the runner on its own.
  result.catch(() => undefined);
  return {
    /** Resolves once the thread runs, before its first request. */
    started,
    async stop() {
      worker.postMessage('stop');
      const answers = await result;
      await worker.terminate();
      return answers;
    },
  };
}

/** user, nice, system, idle... of the first line of /proc/stat; null elsewhere. */
function machineTicks() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
    const ticks = fields.map(Number);
    // idle + iowait
    return { idle: ticks[3] + (ticks[4] ?? 0), total: ticks.reduce((sum, t) => sum + t, 0) };
  } catch {
    return null;
  }
}

/**
 * Measures one phase: `run()` makes the phase's load (or waits, at rest) and resolves, with the
 * `outcome` returned beside the phase's `sample`, when it is over (when it throws, the sample
 * carries the `error` and `valid: false`, and there is no outcome); meanwhile the route is polled
 * from a worker thread. Around it: the server's CPU (main thread, other threads), how long its
 * main thread waited for a core, the database's CPU (processes whose parent is `databasePid`,
 * when given), the machine's idle share and, with `metricsUrl` (a Prometheus scrape of the
 * server), the server's own event-loop delay.
 */
export async function measurePhase({ url, pid, databasePid, metricsUrl, pauseMs, run }) {
  // Reading the metrics resets the app's event-loop histogram: the next read covers the phase.
  if (metricsUrl) await serverLoopDelay(metricsUrl);
  const startedAt = performance.now();
  const serverBefore = cpuSecondsOf(pid);
  const breakdownBefore = cpuBreakdownOf(pid);
  const waitBefore = runQueueWaitSeconds(pid);
  const databaseBefore = databaseCpuSeconds(databasePid);
  const machineBefore = machineTicks();
  const poller = pollSequentially(url, { pauseMs });
  await poller.started;
  let outcome;
  let error = null;
  try {
    outcome = await run();
  } catch (failure) {
    // Kept with the phase's figures: a server that dies under the load is a result too.
    error = failure instanceof Error ? failure.message : String(failure);
  }
  const polled = await poller.stop();
  const seconds = (performance.now() - startedAt) / 1000;
  const serverAfter = cpuSecondsOf(pid);
  const breakdownAfter = cpuBreakdownOf(pid);
  const waitAfter = runQueueWaitSeconds(pid);
  const databaseAfter = databaseCpuSeconds(databasePid);
  const machineAfter = machineTicks();
  // Null when the server no longer answers (see `error`).
  const serverLoop = metricsUrl ? await serverLoopDelay(metricsUrl).catch(() => null) : null;
  const spent = (before, after) => (before === null || after === null ? null : after - before);
  const sample = {
    latenciesMs: polled.latenciesMs,
    failures: polled.failures,
    seconds,
    serverCpuSeconds: spent(serverBefore, serverAfter),
    mainThreadCpuSeconds: spent(breakdownBefore.mainThread, breakdownAfter.mainThread),
    mainThreadRunQueueSeconds: spent(waitBefore, waitAfter),
    databaseCpuSeconds: spent(databaseBefore, databaseAfter),
    machineIdleShare:
      machineBefore && machineAfter
        ? (machineAfter.idle - machineBefore.idle) / (machineAfter.total - machineBefore.total)
        : null,
    clientLoopDelayMaxMs: polled.loopDelayMaxMs,
    serverLoopDelayMaxMs: serverLoop?.maxMs ?? null,
    serverLoopDelayP99Ms: serverLoop?.p99Ms ?? null,
    serverRssMiB: residentMiB(pid),
    serverMainHeapUsedMiB: serverLoop?.heapUsedMiB ?? null,
    ...(error === null ? {} : { error, valid: false }),
  };
  return { sample, outcome };
}

/**
 * The server's own event-loop delay since the last read (prom-client's default metrics, whose
 * histogram each scrape resets), in ms: how late its main thread got to a 10 ms timer, whether
 * it was busy or waited for a core.
 */
async function serverLoopDelay(metricsUrl) {
  const text = await (await fetch(metricsUrl)).text();
  const seconds = (name) => {
    const match = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text);
    return match ? Math.round(Number(match[1]) * 1e5) / 100 : null;
  };
  const bytes = /^nodejs_heap_size_used_bytes(?:\{[^}]*\})? (\S+)$/m.exec(text);
  return {
    maxMs: seconds('nodejs_eventloop_lag_max_seconds'),
    p99Ms: seconds('nodejs_eventloop_lag_p99_seconds'),
    // The main thread's heap only (worker threads have their own).
    heapUsedMiB: bytes ? Math.round(Number(bytes[1]) / 2 ** 20) : null,
  };
}

/** A process's resident memory (all its threads) in MiB, from /proc; null elsewhere. */
function residentMiB(pid) {
  if (!pid) return null;
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * Seconds a process's main thread has spent ready to run but waiting for a core (the
 * scheduler's run queue, /proc/<pid>/task/<pid>/schedstat); null where that file is missing.
 * On a full machine this, not the thread's own work, is what delays an answer.
 */
export function runQueueWaitSeconds(pid) {
  if (!pid) return null;
  try {
    const [, waitNs] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ');
    return Number(waitNs) / 1e9;
  } catch {
    return null;
  }
}

/**
 * CPU seconds of a PostgreSQL server's processes: the postmaster `databasePid` and its children
 * (backends, WAL writer...). Only this cluster's: other PostgreSQL servers on the machine (other
 * people's tests) are left out. Null without a pid or /proc.
 */
export function databaseCpuSeconds(databasePid) {
  if (!databasePid) return null;
  let entries;
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return null;
  }
  const postmaster = String(databasePid);
  let seconds = 0;
  for (const entry of entries) {
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended while we looked
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[1] is the parent's pid, [11] and [12] user and system ticks (USER_HZ = 100).
    if (entry === postmaster || fields[1] === postmaster)
      seconds += (Number(fields[11]) + Number(fields[12])) / 100;
  }
  return seconds;
}
