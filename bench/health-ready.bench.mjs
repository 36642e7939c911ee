// GET /api/health/ready of the real app against a bare node:http + pg server doing the same
// `SELECT 1` on the same PostgreSQL with the same pool size. The gap between them is what Nest,
// Fastify, our hooks and TypeORM cost on the cheapest database-backed route.
import path from 'node:path';
import { benchDir, startDatabase, startServerProcess, stopAll } from './lib/index.mjs';

/** @type {import('./lib/types.js').Bench} */
export default {
  name: 'health-ready',
  title: 'GET /api/health/ready: app (Nest on Fastify, production settings) vs bare node:http + pg',
  request: { method: 'GET', path: '/api/health/ready', expectStatus: 200 },
  sameBody: true,
  compare: { subject: 'app', baseline: 'bare', atLeast: 0.8 },

  async setup() {
    const database = await startDatabase();
    const started = [];
    try {
      const base = {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/root',
        DATABASE_URL: database.url,
      };
      // The app as in production, minus what the bare server does not do either: no Redis
      // (readiness would ping it), no log output, no demo seeding. SERVE_WEB stays on, so the
      // Remix catch-all is registered as in `npm start`.
      const appEnv = {
        ...base,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        PUBLIC_URL: 'http://127.0.0.1:3000',
        LOG_LEVEL: 'silent',
        // Any free port for the metrics server: another app on this machine may hold 9464.
        METRICS_PORT: '0',
        SEED_DEMO: 'false',
        SERVE_WEB: 'true',
        DATA_DIR: path.join(benchDir, 'results', '.app-data'),
        ...(process.env.BENCH_APP_RUN_WORKERS
          ? { RUN_WORKERS: process.env.BENCH_APP_RUN_WORKERS }
          : {}),
      };
      const app = await startServerProcess('app', path.join(benchDir, 'servers/app.mjs'), appEnv);
      started.push(app);
      const bare = await startServerProcess(
        'bare',
        path.join(benchDir, 'servers/bare-health.mjs'),
        {
          ...base,
          NODE_ENV: 'production',
        },
      );
      started.push(bare);
      return {
        targets: [
          { name: 'app', url: app.url, pid: app.pid },
          { name: 'bare', url: bare.url, pid: bare.pid },
        ],
        notes: { database: database.source, poolSize: 10 },
        teardown: () => stopAll(started, database),
      };
    } catch (error) {
      await stopAll(started, database, { quiet: true });
      throw error;
    }
  },
};
