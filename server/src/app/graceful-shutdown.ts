import type { AppLogger } from './logger.js';

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
