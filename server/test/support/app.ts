import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startApp, type StartedApp } from '../../src/app/create-app.js';
import { loadConfig, type AppConfig } from '../../src/config/config.js';
import { PaymentReconciliation } from '../../src/modules/billing/index.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { testEnvironment } from './environment.js';

export interface TestApp extends StartedApp {
  config: AppConfig;
  database: TestDatabase;
  /** Stops the app, drops its database and removes its files. */
  stop(): Promise<void>;
}

export interface TestAppOptions {
  /** Use Redis (BullMQ, Socket.IO adapter); false runs the embedded in-process defaults. */
  redis?: boolean;
  /** Serve the Remix pages (needs the web build). */
  web?: boolean;
  /** Reuse a database, e.g. two app instances sharing one. */
  database?: TestDatabase;
  /** A Redis key prefix, e.g. two app instances sharing queues and rooms. */
  redisPrefix?: string;
  env?: Record<string, string>;
}

/** Boots the whole product on a free port with its own database, as `npm start` would. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const environment = testEnvironment();
  const ownsDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'animata-test-'));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    // Any free port for the metrics too, also for apps that run as production.
    METRICS_PORT: '0',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    SERVE_WEB: options.web === false ? 'false' : 'true',
    REDIS_PREFIX: options.redisPrefix ?? `animata-test-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SHUTDOWN_TIMEOUT_MS: '5000',
    ...(options.redis ? { REDIS_URL: environment.redisUrl } : {}),
    ...options.env,
  };
  const config = loadConfig(env);
  let started: StartedApp;
  try {
    started = await startApp(config);
    // The start reconciles open payment attempts in the background; a test that leaves one
    // open must not race it.
    await started.app.get(PaymentReconciliation).startSettled();
  } catch (error) {
    if (ownsDatabase) await database.drop();
    throw error;
  }
  return {
    ...started,
    config,
    database,
    stop: async () => {
      await started.close();
      if (ownsDatabase) await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
