import 'reflect-metadata';
import type { DataSource } from 'typeorm';
import type { Runtime } from '../app/runtime.js';

/** Where a command writes: the terminal, or a test's buffer. */
export interface CommandOutput {
  out(text: string): void;
  err(text: string): void;
}

/** What an operator's command (npm run developers, npm run coupons) is made of. */
export interface OperatorCommand<Parsed extends { kind: string }, Store> {
  usage: string;
  exit: { ok: number; usage: number; config: number };
  parse(args: readonly string[]): Parsed | { kind: 'help' } | { kind: 'usage'; problem: string };
  /** The store the command works on; its module loads only once the database is needed. */
  openStore(dataSource: DataSource): Promise<Store>;
  run(command: Parsed, store: Store, io: CommandOutput): Promise<number>;
}

/**
 * Runs an operator's command on the database `npm start` uses, through the same runtime
 * (DATABASE_URL, else the embedded PostgreSQL in DATA_DIR, reused when running), then exits
 * with its code. Help and usage errors answer before anything heavy loads.
 */
export function runOperatorCommand<Parsed extends { kind: string }, Store>(
  command: OperatorCommand<Parsed, Store>,
): void {
  main(command).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}

async function main<Parsed extends { kind: string }, Store>(
  command: OperatorCommand<Parsed, Store>,
): Promise<number> {
  const parsed = command.parse(process.argv.slice(2));
  if (parsed.kind === 'help') {
    process.stdout.write(command.usage);
    return command.exit.ok;
  }
  if (parsed.kind === 'usage') {
    process.stderr.write(`${(parsed as { problem: string }).problem}\n\n${command.usage}`);
    return command.exit.usage;
  }
  // The runtime (TypeORM, the embedded PostgreSQL, every module) loads only for a command that
  // needs the database: a usage error or the help answers at once.
  const [{ loadConfigOrExit }, { openRuntime }, { createLogger }] = await Promise.all([
    import('../app/process-entry.js'),
    import('../app/runtime.js'),
    import('../common/logger.js'),
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
    return command.exit.config;
  }
  try {
    return await command.run(parsed as Parsed, await command.openStore(runtime.dataSource), {
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
    });
  } finally {
    await runtime.close();
  }
}
