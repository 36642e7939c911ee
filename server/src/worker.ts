import 'reflect-metadata';
import { createLogger } from './common/logger.js';
import { startWorker, WorkerConfigError } from './app/create-worker.js';
import {
  exitAfterFailedStart,
  exitGracefullyOnSignals,
  loadConfigOrExit,
} from './app/process-entry.js';

/** `npm run worker`: job workers only (renders, thumbnails, mail, cleanup), for scaling out. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config);
  let worker;
  try {
    worker = await startWorker(config, logger);
  } catch (error) {
    if (error instanceof WorkerConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
  logger.info('Animata worker is running');
  process.stdout.write('Animata worker is running\n');

  exitGracefullyOnSignals(
    () => worker.close(),
    logger,
    config.shutdownTimeoutMs,
    'finishing active jobs',
  );
}

main().catch((error: unknown) => exitAfterFailedStart('Animata worker', error));
