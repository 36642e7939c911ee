import 'reflect-metadata';
import type { Runtime } from '../app/runtime.js';
import {
  COUPONS_USAGE,
  CouponsExit,
  parseCouponsArgs,
  runCouponsCommand,
} from './coupons-command.js';

/**
 * `npm run coupons -- list | set CODE [--limit N|none] [--expires WHEN|none]` (issue 28): the
 * operator's way to give a coupon code a redemption limit and an expiry. It opens the database
 * `npm start` uses, through the same runtime (DATABASE_URL, else the embedded PostgreSQL in
 * DATA_DIR, reused when running).
 */
async function main(): Promise<number> {
  const command = parseCouponsArgs(process.argv.slice(2));
  if (command.kind === 'help') {
    process.stdout.write(COUPONS_USAGE);
    return CouponsExit.ok;
  }
  if (command.kind === 'usage') {
    process.stderr.write(`${command.problem}\n\n${COUPONS_USAGE}`);
    return CouponsExit.usage;
  }
  // The runtime (TypeORM, the embedded PostgreSQL, every module) loads only for a command that
  // needs the database: a usage error or the help answers at once.
  const [{ loadConfigOrExit }, { openRuntime }, { createLogger }, { CouponsRepository }] =
    await Promise.all([
      import('../app/process-entry.js'),
      import('../app/runtime.js'),
      import('../common/logger.js'),
      import('../modules/coupons/index.js'),
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
    return CouponsExit.config;
  }
  try {
    return await runCouponsCommand(command, new CouponsRepository(runtime.dataSource), {
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
