import { ConfigError, loadConfig, type AppConfig } from '../config/config.js';
import type { AppLogger } from '../common/logger.js';

/** The configuration of `npm start` and `npm run worker`; a bad value exits 78 with its message. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

/**
 * Ends a process whose start failed. A configuration problem found only while starting (a
 * ConfigError, e.g. the embedded PostgreSQL's port served by another checkout's database) exits
 * 78 with its message, like a bad variable; anything else exits 1 with its stack.
 */
export function exitAfterFailedStart(what: string, error: unknown): never {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78); // EX_CONFIG
  }
  process.stderr.write(
    `${what} could not start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
}

/**
 * On SIGTERM or SIGINT: log, run `close` (stop taking work, finish what is in flight), exit 0;
 * exit 1 when it fails or takes longer than `timeoutMs`. Shared by `npm start` and the worker.
 */
export function exitGracefullyOnSignals(
  close: () => Promise<void>,
  logger: AppLogger,
  timeoutMs: number,
  what: string,
): void {
  const shutdown = (signal: string) => {
    logger.info({ signal }, `shutting down: ${what}`);
    const timer = setTimeout(() => {
      logger.error('graceful shutdown timed out');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
