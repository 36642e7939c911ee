import 'reflect-metadata';
import { createLogger } from './app/logger.js';
import { startApp } from './app/create-app.js';
import { ConfigError, loadConfig } from './config/config.js';
import { exitGracefullyOnSignals } from './app/graceful-shutdown.js';

/** `npm start`: one process serving the API, the pages, the live channel and the workers. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = createLogger(config);
  const started = await startApp(config, logger);
  logger.info({ url: started.url, publicUrl: config.publicUrl }, 'Animata is listening');
  process.stdout.write(`\nAnimata is running at ${config.publicUrl}\n`);
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

main().catch((error: unknown) => {
  process.stderr.write(
    `Animata could not start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
