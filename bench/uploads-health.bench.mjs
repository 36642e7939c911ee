// GET /api/health, one request at a time, at rest and while the issue 28 worst cases run: three
// avatars of 70,000 nested groups and a 4.75 MB SVG import at once, then the import's preview.
// The target (item 3): during 4 parallel worst-case uploads /api/health answers within
// 100 ms. The baseline is the same app at rest, measured in the same run, round by round.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import {
  benchDir,
  measurePhase,
  percentileOf,
  startDatabase,
  startServerProcess,
  stopAll,
} from './lib/index.mjs';

const PASSWORD = 'Correct-Horse-7';
// The app checks Origin against PUBLIC_URL on a write with a cookie.
const PUBLIC_URL = 'http://127.0.0.1:3000';
const HEALTH = '/api/health';
const AVATAR = '/api/animata/account/change-avatar';
const IMPORT = '/api/animata/projects/import';
/** What the four uploads answer: the avatars are too complex, the import is taken. */
const EXPECTED_STATUSES = [422, 422, 422, 201];
/**
 * An upload or a preview that takes longer than this is lost, not slow (a load phase took 8 to
 * 48 s on a loaded 2-core machine).
 */
const LOAD_TIMEOUT_MS = 120_000;

// The shapes of server/test/integration/uploads-load.test.ts, copied (bench code imports no
// test code).
const NS = 'xmlns="http://www.w3.org/2000/svg"';

/** An SVG whose root holds `levels` groups, each inside the one before. */
function nested(levels) {
  return `<svg ${NS} viewBox="0 0 10 10">${'<g>'.repeat(levels)}${'</g>'.repeat(levels)}</svg>`;
}

/** The worst import within the limits: 4.75 MB of SVG, 19,000 long paths (the limit is 20,000). */
function heavyImport() {
  const segments = Array.from({ length: 26 }, (_, i) => `L${i * 37} ${(i * 53) % 1000}`).join(' ');
  const element = `<path d="M0 0 ${segments} Z" fill="#7c5cff" stroke="#000"/>`;
  const count = Math.floor(4_750_000 / element.length);
  return `<svg ${NS} viewBox="0 0 1000 1000">${element.repeat(Math.min(count, 19_000))}</svg>`;
}

/** @type {import('./lib/types.js').Bench} */
export default {
  name: 'uploads-health',
  title:
    'GET /api/health one at a time, at rest and during 3 avatars of 70,000 nested groups + a 4.75 MB SVG import and its preview',
  latency: { subject: 'load', baseline: 'rest', atMost: 100 },
  // durationSeconds is the rest phase; a load phase lasts until the preview is written.
  settings: { rounds: 5, durationSeconds: 3, warmupSeconds: 3 },

  async setup() {
    const database = await startDatabase();
    const started = [];
    try {
      const appEnv = {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/root',
        DATABASE_URL: database.url,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        PUBLIC_URL,
        // Any free port: the app's own event-loop delay is read there, and 9464 may be taken.
        METRICS_PORT: '0',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        SERVE_WEB: 'false',
        // The preview job runs in this process, as with a default `npm start` (no Redis: the
        // queue lives in the process's memory).
        RUN_WORKERS: 'true',
        DATA_DIR: path.join(benchDir, 'results', '.app-data'),
        // One customer per round, each uploading four times: no limit may answer 429.
        RATE_LIMIT_REGISTER: '1000/60',
        TFA_AFTER_REGISTRATIONS: '1000',
        RATE_LIMIT_AVATAR: '1000/3600',
        RATE_LIMIT_IMPORT: '1000/3600',
        RATE_LIMIT_UPLOAD_UNVERIFIED: '1000/3600',
        ...(process.env.WORKER_THREADS ? { WORKER_THREADS: process.env.WORKER_THREADS } : {}),
      };
      const app = await startServerProcess('app', path.join(benchDir, 'servers/app.mjs'), appEnv);
      started.push(app);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      // The cluster's postmaster (a backend's parent), for PostgreSQL's CPU during the phases.
      const postmasterPid = await postmasterOf(client);
      return {
        targets: [{ name: 'app', url: app.url, pid: app.pid }],
        notes: {
          database: database.source,
          workerThreads: process.env.WORKER_THREADS ?? 'default (cores - 1, 1 to 2)',
          runWorkers: true,
          uploads: '3 avatars of 70,000 nested groups, 1 SVG import of 4.75 MB (19,000 paths)',
        },
        context: { client, postmasterPid, metricsUrl: app.metricsUrl },
        teardown: async () => {
          await client.end().catch(() => undefined);
          await stopAll(started, database);
        },
      };
    } catch (error) {
      await stopAll(started, database, { quiet: true });
      throw error;
    }
  },

  async measure(environment, settings) {
    const [app] = environment.targets;
    const { client, postmasterPid, metricsUrl } =
      /** @type {{ client: pg.Client, postmasterPid: number, metricsUrl: string }} */ (
        environment.context
      );
    const avatar = nested(70_000);
    const heavy = heavyImport();
    const phase = (run) =>
      measurePhase({
        url: new URL(HEALTH, app.url),
        pid: app.pid,
        databasePid: postmasterPid,
        metricsUrl,
        pauseMs: 10,
        run,
      });
    const rest = () => phase(() => sleep(settings.durationSeconds * 1000));

    if (settings.warmupSeconds > 0) {
      console.log(`  warm-up   at rest ${settings.warmupSeconds} s`);
      await phase(() => sleep(settings.warmupSeconds * 1000));
    }
    const samples = [];
    for (let round = 1; round <= settings.rounds; round += 1) {
      // A new customer a round (registered before the rest phase), so no plan limit on projects
      // or storage is reached however many rounds run.
      const cookie = await register(app.url, `bench-uploads-${round}-${Date.now()}@example.com`);
      const { sample: atRest } = await rest();
      samples.push({ round, phase: 'rest', ...atRest });
      log(round, 'rest', atRest);

      const { sample: underLoad, outcome } = await phase(() =>
        uploadsAndPreview(app.url, cookie, client, { avatar, heavy }),
      );
      if (underLoad.error !== undefined) {
        samples.push({ round, phase: 'load', ...underLoad });
        log(round, 'load', underLoad, `FAILED: ${underLoad.error}`);
        // The app may be gone: the rounds end here, the runner reports what was measured.
        break;
      }
      const { statuses, previewSeconds, uploadsSeconds } = outcome;
      const valid = EXPECTED_STATUSES.every((status, i) => statuses[i] === status);
      samples.push({
        round,
        phase: 'load',
        ...underLoad,
        statuses,
        uploadsSeconds,
        previewSeconds,
        valid,
      });
      log(
        round,
        'load',
        underLoad,
        `uploads ${statuses.join(' ')} in ${uploadsSeconds.toFixed(2)} s, preview after ${previewSeconds.toFixed(2)} s` +
          (valid ? '' : ` (expected ${EXPECTED_STATUSES.join(' ')})`),
      );
    }
    return samples;
  },
};

/** Registers a customer and returns the cookies of its new session, as a Cookie header. */
async function register(url, email) {
  const response = await fetch(new URL('/api/animata/auth/register', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email, password: PASSWORD }),
  });
  const text = await response.text();
  if (response.status !== 200) {
    throw new Error(`registering ${email} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  if (cookies.length === 0) throw new Error(`registering ${email} set no session cookie`);
  return cookies.join('; ');
}

function upload(url, cookie, endpoint, field, svg, fileName) {
  const form = new FormData();
  form.append(field, new Blob([svg], { type: 'image/svg+xml' }), fileName);
  return fetch(new URL(endpoint, url), {
    method: 'POST',
    headers: { cookie, origin: PUBLIC_URL },
    body: form,
    signal: AbortSignal.timeout(LOAD_TIMEOUT_MS),
  });
}

/**
 * The four uploads at once, then (when the import is taken) until its preview is written:
 * the statuses, the seconds until the last upload answered and until the preview was there.
 */
async function uploadsAndPreview(url, cookie, client, { avatar, heavy }) {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const answers = await Promise.all([
    upload(url, cookie, AVATAR, 'image', avatar, 'a.svg'),
    upload(url, cookie, AVATAR, 'image', avatar, 'a.svg'),
    upload(url, cookie, AVATAR, 'image', avatar, 'a.svg'),
    upload(url, cookie, IMPORT, 'file', heavy, 'heavy.svg'),
  ]);
  const bodies = await Promise.all(answers.map((answer) => answer.text()));
  const uploadsSeconds = seconds();
  const statuses = answers.map((answer) => answer.status);
  let previewSeconds = NaN;
  if (statuses[3] === 201) {
    const projectId = JSON.parse(bodies[3]).project.id;
    for (;;) {
      const { rows } = await client.query('SELECT pending_preview FROM projects WHERE id = $1', [
        projectId,
      ]);
      if (rows[0]?.pending_preview === false) break;
      if (seconds() * 1000 > LOAD_TIMEOUT_MS)
        throw new Error(`the preview of ${projectId} was not written in ${LOAD_TIMEOUT_MS} ms`);
      await sleep(50);
    }
    previewSeconds = seconds();
  }
  return { statuses, uploadsSeconds, previewSeconds };
}

async function postmasterOf(client) {
  const { rows } = await client.query('SELECT pg_backend_pid() AS pid');
  try {
    const stat = readFileSync(`/proc/${rows[0].pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null; // no /proc, or PostgreSQL on another machine
  }
}

function log(round, phase, sample, extra = '') {
  const slowest = sample.latenciesMs.length === 0 ? NaN : Math.max(...sample.latenciesMs);
  const p99 = percentileOf(sample.latenciesMs, 99);
  console.log(
    `  round ${String(round).padEnd(3)} ${phase.padEnd(5)} ${String(sample.latenciesMs.length).padStart(4)} answers in ${sample.seconds.toFixed(1)} s` +
      `  p99 ${p99.toFixed(1)} ms  slowest ${slowest.toFixed(1)} ms` +
      `  (app event loop delay max ${sample.serverLoopDelayMaxMs ?? 'n/a'} ms, main thread waited for a core ${Math.round((sample.mainThreadRunQueueSeconds ?? NaN) * 1000)} ms;` +
      ` afterwards resident ${sample.serverRssMiB ?? 'n/a'} MiB, main heap ${sample.serverMainHeapUsedMiB ?? 'n/a'} MiB)` +
      (sample.failures > 0 ? `  failures ${sample.failures}` : '') +
      (extra ? `  ${extra}` : ''),
  );
}
