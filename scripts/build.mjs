#!/usr/bin/env node
// Builds what is not yet built: the TypeScript projects (incremental, a no-op when current) and
// the Remix app (only when a web source is newer than the last build). `--if-needed` is what
// `npm start` passes; without it the web build runs whenever sources changed as well.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');
const ifNeeded = process.argv.includes('--if-needed');

function run(command, args, cwd = root) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'build' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/**
 * tsc never deletes the output of a source that was removed or renamed; a stale compiled test
 * would still run. Remove compiled files whose source is gone.
 */
function pruneStale(outDir, sourceDir) {
  const out = path.join(root, outDir);
  if (!existsSync(out)) return;
  for (const entry of readdirSync(out, { withFileTypes: true })) {
    const full = path.join(out, entry.name);
    if (entry.isDirectory()) {
      pruneStale(path.join(outDir, entry.name), path.join(sourceDir, entry.name));
      continue;
    }
    const match = /^(.*)\.(js|js\.map|d\.ts|d\.ts\.map)$/.exec(entry.name);
    if (!match) continue;
    const base = path.join(root, sourceDir, match[1]);
    if (!existsSync(`${base}.ts`) && !existsSync(`${base}.tsx`)) rmSync(full);
  }
}
pruneStale('libs/contracts/dist', 'libs/contracts/src');
pruneStale('server/dist/server', 'server');
pruneStale('server/dist/migrations', 'migrations');
pruneStale('web/dist-tests', 'web/tests');

const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const serverOutput = path.join(root, 'server', 'dist', 'server', 'src', 'main.js');
const webOutput = path.join(root, 'web', 'build', 'server', 'index.js');
if (!existsSync(tsc)) {
  // A production install (`npm ci --omit=dev`, as in the Docker image) has no compiler: with
  // --if-needed, run what was built when the image was made.
  if (ifNeeded && existsSync(serverOutput) && existsSync(webOutput)) process.exit(0);
  console.error('TypeScript is not installed: run "npm ci" (with dev dependencies) first.');
  process.exit(1);
}
run(process.execPath, [tsc, '-b', 'libs/contracts', 'server', 'web/tsconfig.tests.json']);

const webInputs = [
  'web/app',
  'web/public',
  'web/vite.config.ts',
  'web/package.json',
  'libs/contracts/dist',
];
const webBuiltAt = existsSync(webOutput) ? statSync(webOutput).mtimeMs : 0;
const webChangedAt = Math.max(...webInputs.map((p) => newestMtime(path.join(root, p))));
if (force || webChangedAt > webBuiltAt) {
  const remix = path.join(root, 'node_modules', '@remix-run', 'dev', 'dist', 'cli.js');
  run(process.execPath, [remix, 'vite:build'], path.join(root, 'web'));
}
