import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a compiled operator's command (`npm run developers`, `npm run coupons`) as an operator
 * would, with only the database variables given: no Redis, and DATABASE_URL only when named.
 */
export function runOperatorCli(
  name: 'developers' | 'coupons' | 'operators',
  args: readonly string[],
  variables: Record<string, string>,
): Promise<CommandRun> {
  const cli = fileURLToPath(new URL(`../../src/cli/${name}.js`, import.meta.url));
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', ...variables };
  delete env.REDIS_URL;
  if (!variables.DATABASE_URL) delete env.DATABASE_URL;
  const child = spawn(process.execPath, [cli, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}
