// A worker thread of the runner that asks one URL sequentially until told to stop, so that the
// runner's own work during a phase (encoding and sending megabytes of uploads) cannot delay
// the measured requests: this thread has its own event loop. Started by latency.mjs.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';

const { url, pauseMs, expectStatus, timeoutMs } = workerData;
let stopping = false;
parentPort.once('message', () => (stopping = true));
parentPort.postMessage({ type: 'started' });

const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const latenciesMs = [];
let failures = 0;
// At least one answer a phase, even a phase shorter than one request.
do {
  const started = performance.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    if (response.status === expectStatus)
      latenciesMs.push(Math.round((performance.now() - started) * 100) / 100);
    else failures += 1;
  } catch {
    failures += 1;
  }
  await sleep(pauseMs);
} while (!stopping);
loopDelay.disable();
parentPort.postMessage({
  type: 'done',
  latenciesMs,
  failures,
  loopDelayMaxMs: Math.round(loopDelay.max / 1e4) / 100,
});
