// POST /api/animata/auth/login of the real app (rate limit, customer, argon2id verify, new
// session in PostgreSQL) against raw argon2id verifications with the same parameters behind a
// bare node:http server. Hashing should be most of a login's cost: target 0.85.
import path from 'node:path';
import { benchDir, startDatabase, startServerProcess, stopAll } from './lib/index.mjs';

const EMAIL = 'bench@example.com';
const PASSWORD = 'Correct-Horse-7';

/** @type {import('./lib/types.js').Bench} */
export default {
  name: 'login',
  title:
    'POST /api/animata/auth/login: app (BFF, PostgreSQL sessions) vs raw argon2id verify over node:http',
  request: {
    method: 'POST',
    path: '/api/animata/auth/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    expectStatus: 200,
  },
  sameBody: false,
  compare: { subject: 'app', baseline: 'argon2', atLeast: 0.85 },
  // A login costs milliseconds, not microseconds: fewer connections keep queues short.
  settings: { connections: 8 },

  async setup() {
    const database = await startDatabase();
    const started = [];
    try {
      const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root' };
      const appEnv = {
        ...base,
        DATABASE_URL: database.url,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        PUBLIC_URL: 'http://127.0.0.1:3000',
        LOG_LEVEL: 'silent',
        // Any free port for the metrics server: another app on this machine may hold 9464.
        METRICS_PORT: '0',
        SEED_DEMO: 'false',
        SERVE_WEB: 'false',
        // The same client logs in thousands of times: only the hashing may limit it.
        RATE_LIMIT_LOGIN: '100000000/60',
        RATE_LIMIT_REGISTER: '1000/60',
        TFA_AFTER_REGISTRATIONS: '1000',
        DATA_DIR: path.join(benchDir, 'results', '.app-data'),
        // As in production: with Redis the rate-limit windows live there (BENCH_REDIS_URL).
        ...(process.env.BENCH_REDIS_URL
          ? { REDIS_URL: process.env.BENCH_REDIS_URL, REDIS_PREFIX: `bench-${process.pid}` }
          : {}),
      };
      const app = await startServerProcess('app', path.join(benchDir, 'servers/app.mjs'), appEnv);
      started.push(app);
      const registered = await fetch(new URL('/api/animata/auth/register', app.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bench', email: EMAIL, password: PASSWORD }),
      });
      // 422 'already exists' is fine when DATABASE_URL points at a database used before.
      if (registered.status !== 200 && registered.status !== 422) {
        throw new Error(`registering the bench customer answered ${registered.status}`);
      }
      const argon2 = await startServerProcess(
        'argon2',
        path.join(benchDir, 'servers/bare-argon2.mjs'),
        {
          ...base,
          NODE_ENV: 'production',
          BENCH_PASSWORD: PASSWORD,
        },
      );
      started.push(argon2);
      return {
        targets: [
          { name: 'app', url: app.url, pid: app.pid },
          { name: 'argon2', url: argon2.url, pid: argon2.pid },
        ],
        notes: {
          database: database.source,
          argon2: 'argon2id, 19 MiB, t=2, p=1 (@node-rs/argon2)',
        },
        teardown: () => stopAll(started, database),
      };
    } catch (error) {
      await stopAll(started, database, { quiet: true });
      throw error;
    }
  },
};
