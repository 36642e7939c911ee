// @ts-check
// Issue 32's bench, second half: how long a render's progress takes from the worker's progress
// call to a browser's Socket.IO client, against the floor of the same trip with nothing of ours:
// a raw Redis PUBLISH forwarded over a bare WebSocket. Floor: the app's p99 ≤ 1.5 × the raw p99.
//
// The subject path is the real one: RenderBus.update (what RenderJobs calls on progress, from
// the compiled server) publishes on the renders' updates channel; the web process (the real app,
// RUN_WORKERS=false) hears it, LiveService sends it to the customer's room, Socket.IO delivers it
// to a client signed in with a real session. Publisher and client are this process, so one clock.
// Frames per second of the renderer are another engineer's bench (renders.bench.mjs).
//
//   npm run bench -- render-latency        (BENCH_ROUNDS, BENCH_DURATION_SECONDS as usual)
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io } from 'socket.io-client';
import WebSocket from 'ws';
import { LIVE_PATH, liveEvents, sessionCookieNameFor } from '@animata/contracts';
import { benchDir, freePort, startDatabase, startServerProcess, stopAll } from './lib/index.mjs';
import { RenderBus } from '../server/dist/server/src/modules/renders/jobs/render-bus.js';

const BARE_CHANNEL = 'bench:render-latency:bare';
/** Messages a phase sends one after another (each waits for the previous one to arrive). */
const PER_PHASE = Number(process.env.BENCH_RENDER_LATENCY_MESSAGES ?? 400);
/** The floor of issue 32: p99 of the app at most this times the raw trip's. */
const FLOOR = 1.5;

/** @type {import('./lib/types.js').Bench} */
export default {
  name: 'render-latency',
  title:
    'render-update: worker progress call → Redis → web process → Socket.IO client, vs raw Redis PUBLISH → bare WebSocket',
  // The runner judges the slowest answer against atMost; issue 32's floor is on p99 (see notes).
  latency: { subject: 'app', baseline: 'raw', atMost: 1_000 },
  settings: { rounds: 5, durationSeconds: 5, warmupSeconds: 2 },

  async setup() {
    const database = await startDatabase();
    const started = [];
    /** @type {import('node:child_process').ChildProcess | null} */
    let redisServer = null;
    try {
      let redisUrl = process.env.REDIS_URL;
      if (!redisUrl) {
        const port = await freePort();
        redisServer = spawn(
          '/usr/bin/redis-server',
          ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
          { stdio: 'ignore' },
        );
        redisUrl = `redis://127.0.0.1:${port}`;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      const prefix = `animata-bench-${randomBytes(3).toString('hex')}`;
      const port = await freePort();
      const publicUrl = `http://127.0.0.1:${port}`;
      const app = await startServerProcess('app', path.join(benchDir, 'servers/app.mjs'), {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/root',
        DATABASE_URL: database.url,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: publicUrl,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        RUN_WORKERS: 'false',
        SERVE_WEB: 'false',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        DATA_DIR: path.join(benchDir, 'results', '.app-data'),
      });
      started.push(app);
      const bare = await startServerProcess(
        'raw',
        path.join(benchDir, 'servers/bare-redis-ws.mjs'),
        { PATH: process.env.PATH ?? '', REDIS_URL: redisUrl, BARE_CHANNEL },
      );
      started.push(bare);
      return {
        targets: [
          { name: 'app', url: app.url, pid: app.pid },
          { name: 'raw', url: bare.url, pid: bare.pid },
        ],
        notes: {
          database: database.source,
          redis: redisUrl,
          messagesPerPhase: PER_PHASE,
          floor: `app p99 ≤ ${FLOOR} × raw p99`,
        },
        context: { databaseUrl: database.url, redisUrl, prefix, appUrl: app.url, rawUrl: bare.url },
        teardown: async () => {
          await stopAll(started, database);
          redisServer?.kill('SIGTERM');
        },
      };
    } catch (error) {
      await stopAll(started, database, { quiet: true });
      redisServer?.kill('SIGTERM');
      throw error;
    }
  },

  async measure(environment, settings) {
    const context = /** @type {Record<string, string>} */ (environment.context);
    const redis = new Redis(context.redisUrl, { maxRetriesPerRequest: null });
    const quiet = { warn() {}, info() {}, error() {}, debug() {}, child: () => quiet };
    // The worker's own publisher, as RenderJobs uses it (no LiveService needed to publish).
    const bus = new RenderBus(
      /** @type {any} */ (redis),
      /** @type {any} */ ({ redisPrefix: context.prefix }),
      /** @type {any} */ (null),
      /** @type {any} */ (quiet),
    );

    // A customer with a real session, and their browser's live connection.
    const db = new pg.Client({ connectionString: context.databaseUrl });
    await db.connect();
    const suffix = randomBytes(5).toString('hex');
    const customer = await db.query(
      `INSERT INTO customers (email, name, verified_at) VALUES ($1, $2, now()) RETURNING id`,
      [`latency-${suffix}@example.test`, `Latency ${suffix}`],
    );
    const customerId = customer.rows[0].id;
    const token = randomBytes(32).toString('base64url');
    await db.query(
      `INSERT INTO sessions (id, customer_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
      [createHash('sha256').update(token).digest('hex'), customerId],
    );
    await db.end();
    const value = encodeURIComponent(token);
    const socket = io(context.appUrl, {
      path: LIVE_PATH,
      transports: ['websocket'],
      extraHeaders: {
        cookie: `${sessionCookieNameFor(true)}=${value}; ${sessionCookieNameFor(false)}=${value}`,
        origin: context.appUrl,
      },
      reconnection: false,
      forceNew: true,
    });
    await new Promise((resolve, reject) => {
      socket.once(liveEvents.ready, resolve);
      socket.once('connect_error', reject);
    });
    const raw = new WebSocket(context.rawUrl.replace('http', 'ws'));
    await new Promise((resolve, reject) => {
      raw.once('open', resolve);
      raw.once('error', reject);
    });

    /** @type {Map<string, (at: number) => void>} */
    const waiting = new Map();
    socket.on(liveEvents.renderUpdate, (payload) =>
      waiting.get(payload.exportId)?.(performance.now()),
    );
    raw.on('message', (data) => {
      const payload = JSON.parse(String(data));
      waiting.get(payload.exportId)?.(performance.now());
    });

    /** One message's trip; null when it never arrives. */
    const trip = (id, send) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve(null);
        }, 5_000);
        const sentAt = performance.now();
        waiting.set(id, (at) => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(at - sentAt);
        });
        send();
      });

    const payload = (id) => ({
      exportId: id,
      status: 'progress',
      percent: 42,
      eta: 12,
      error: null,
    });
    const senders = {
      app: (id) => bus.update(customerId, payload(id)),
      raw: (id) => void redis.publish(BARE_CHANNEL, JSON.stringify(payload(id))),
    };

    async function phase(round, name, count) {
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const latenciesMs = [];
      let failures = 0;
      const started = performance.now();
      for (let i = 0; i < count; i += 1) {
        const id = `${name}-${round}-${i}-${randomBytes(3).toString('hex')}`;
        const ms = await trip(id, () => senders[name](id));
        if (ms === null) failures += 1;
        else latenciesMs.push(ms);
        // Progress comes about once a second per render; many renders make it steady.
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      loop.disable();
      return {
        round,
        phase: name,
        latenciesMs,
        failures,
        seconds: (performance.now() - started) / 1000,
        clientLoopDelayMaxMs: Math.round(loop.max / 1e6),
      };
    }

    // Warm-up: both paths, not recorded.
    await phase(0, 'raw', 50);
    await phase(0, 'app', 50);
    const samples = [];
    for (let round = 1; round <= settings.rounds; round += 1) {
      // Alternating which goes first, so neither always meets a quieter machine.
      const order = round % 2 === 1 ? ['raw', 'app'] : ['app', 'raw'];
      for (const name of order) samples.push(await phase(round, name, PER_PHASE));
    }
    socket.disconnect();
    raw.close();
    redis.disconnect();

    const p99 = (name) => {
      const all = samples
        .filter((s) => s.phase === name)
        .flatMap((s) => s.latenciesMs)
        .sort((a, b) => a - b);
      return all[Math.min(all.length - 1, Math.ceil(all.length * 0.99) - 1)];
    };
    const ratio = p99('app') / p99('raw');
    console.log(
      `   render-update p99: app ${p99('app').toFixed(2)} ms, raw ${p99('raw').toFixed(2)} ms, ratio ${ratio.toFixed(2)} (floor ≤ ${FLOOR}: ${ratio <= FLOOR ? 'met' : 'missed'})`,
    );
    return samples;
  },
};
