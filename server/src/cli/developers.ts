import 'reflect-metadata';
import type { Runtime } from '../app/runtime.js';
import {
  DEVELOPERS_USAGE,
  DevelopersExit,
  parseDevelopersArgs,
  runDevelopersCommand,
} from './developers-command.js';

/**
 * `npm run developers -- grant|revoke EMAIL | list` (decision 80): the operator's way to let a
 * customer create developer apps. It opens the database `npm start` uses, through the same
 * runtime (DATABASE_URL, else the embedded PostgreSQL in DATA_DIR, reused when running).
 */
async function main(): Promise<number> {
  const command = parseDevelopersArgs(process.argv.slice(2));
  if (command.kind === 'help') {
    process.stdout.write(DEVELOPERS_USAGE);
    return DevelopersExit.ok;
  }
  if (command.kind === 'usage') {
    process.stderr.write(`${command.problem}\n\n${DEVELOPERS_USAGE}`);
    return DevelopersExit.usage;
  }
  // The runtime (TypeORM, the embedded PostgreSQL, every module) loads only for a command that
  // needs the database: a usage error or the help answers at once.
  const [{ loadConfigOrExit }, { openRuntime }, { createLogger }, { DeveloperGrants }] =
    await Promise.all([
      import('../app/process-entry.js'),
      import('../app/runtime.js'),
      import('../common/logger.js'),
      import('../modules/apps/index.js'),
    ]);
  const config = loadConfigOrExit();
  // Only the database (no Redis), and only warnings in the operator's terminal.
  const logger = createLogger({ ...config, logLevel: 'warn' });
  let runtime: Runtime;
  try {
    runtime = await openRuntime({ ...config, redisUrl: null }, logger);
  } catch (error) {
    process.stderr.write(
      `The database could not be opened: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return DevelopersExit.config;
  }
  try {
    return await runDevelopersCommand(command, new DeveloperGrants(runtime.dataSource), {
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
    });
  } finally {
    await runtime.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
