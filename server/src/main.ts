import 'reflect-metadata';
import { outboxPageAddress } from '@animata/contracts';
import { createLogger } from './common/logger.js';
import { startApp } from './app/create-app.js';
import {
  exitAfterFailedStart,
  exitGracefullyOnSignals,
  loadConfigOrExit,
} from './app/process-entry.js';

/** `npm start`: one process serving the API, the pages, the live channel and the workers. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config);
  const started = await startApp(config, logger);
  logger.info(
    { url: started.url, metricsUrl: started.metricsUrl, publicUrl: config.publicUrl },
    'Animata is listening',
  );
  process.stdout.write(`\nAnimata is running at ${config.publicUrl}\n`);
  // Only the console shows the outbox's key (not the log): whoever can read it runs this process.
  if (config.devOutboxKey !== null && config.smtpUrl === null) {
    process.stdout.write(
      `Mail outbox: ${config.publicUrl}${outboxPageAddress(config.devOutboxKey)}\n`,
    );
  }
  if (started.demo) {
    process.stdout.write(
      `\nA demo customer was created (shown only this once):\n  e-mail:   ${started.demo.email}\n  password: ${started.demo.password}\n\n`,
    );
  }

  exitGracefullyOnSignals(
    () => started.close(),
    logger,
    config.shutdownTimeoutMs,
    'finishing in-flight requests and jobs',
  );
}

main().catch((error: unknown) => exitAfterFailedStart('Animata', error));
