// The signed-in dashboard page (`GET /`, projects-dashboard §2: the top bar, the side menu, 20
// project cards) against `GET /api/animata/projects`, the call that carries its data, for the
// same customer on the same app process: how much the page costs beyond its data. Both requests
// alternate round by round on one server, so the ratio is measured in the same rounds (issue 33).
// Floor: the page >= 0.10 of the call's requests per second. The page's p95 under 50 connections
// is reported beside it (the second scenario).
import path from 'node:path';
import pg from 'pg';
import {
  BENCH_ORIGIN,
  benchDir,
  signIn,
  startDatabase,
  startServerProcess,
  stopAll,
} from './lib/index.mjs';
import { TITLE_WORDS } from './lib/seed-projects.mjs';

const EMAIL = 'bench-dashboard@example.com';
const PASSWORD = 'Correct-Horse-7';
/** A free customer's whole file slots: one full page of cards. */
const PROJECTS = 20;
const FOLDERS = ['Clients', 'Social', 'Drafts'];

// Filled in by setup(): the customer's session cookie.
const headers = {};
const page = { method: 'GET', path: `/?rows=${PROJECTS}`, headers, expectStatus: 200 };
const call = {
  method: 'GET',
  path: `/api/animata/projects?rows=${PROJECTS}&page=1`,
  headers,
  expectStatus: 200,
};

/** Page and call on the same app, alternating, under `connections` clients. */
const pageAgainstCall = (name, connections) => ({
  name,
  request: page,
  sameBody: false,
  settings: { connections },
  targets: (targets) => {
    const app = targets.find((target) => target.name === 'app');
    return [
      { ...app, name: 'page', request: page },
      { ...app, name: 'call', request: call },
    ];
  },
});

/** @type {import('./lib/types.js').Bench} */
export default {
  name: 'dashboard-page',
  title: `GET / (the signed-in dashboard, ${PROJECTS} projects) vs GET /api/animata/projects for the same customer, same app`,
  scenarios: [pageAgainstCall('10 connections', 10), pageAgainstCall('50 connections', 50)],
  compare: { subject: 'page', baseline: 'call', atLeast: 0.1 },
  settings: { rounds: 6, durationSeconds: 3, warmupSeconds: 3, connections: 10 },

  async setup() {
    const database = await startDatabase();
    const started = [];
    try {
      const app = await startServerProcess('app', path.join(benchDir, 'servers/app.mjs'), {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/root',
        DATABASE_URL: database.url,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        PUBLIC_URL: BENCH_ORIGIN,
        LOG_LEVEL: 'silent',
        // Any free port for the metrics server: another app on this machine may hold 9464.
        METRICS_PORT: '0',
        SEED_DEMO: 'false',
        SERVE_WEB: 'true',
        RATE_LIMIT_REGISTER: '1000/60',
        TFA_AFTER_REGISTRATIONS: '1000',
        DATA_DIR: path.join(benchDir, 'results', '.app-data'),
      });
      started.push(app);
      headers.cookie = await signIn(app.url, EMAIL, PASSWORD);
      await markVerified(database.url);
      const projects = await furnish(app.url);
      return {
        targets: [{ name: 'app', url: app.url, pid: app.pid }],
        notes: { database: database.source, projects, folders: FOLDERS.length },
        teardown: () => stopAll(started, database),
      };
    } catch (error) {
      await stopAll(started, database, { quiet: true });
      throw error;
    }
  },
};

/** A JSON call to the app as the bench customer (the site's own origin, as the pages send). */
async function send(url, method, route, body) {
  const answer = await fetch(new URL(route, url), {
    method,
    headers: {
      'content-type': 'application/json',
      origin: BENCH_ORIGIN,
      ...(headers.cookie ? { cookie: headers.cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return answer;
}

/** The bench customer's email counts as confirmed (the link of the mail it was sent). */
async function markVerified(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      'UPDATE customers SET verified_at = coalesce(verified_at, now()) WHERE email = $1',
      [EMAIL],
    );
  } finally {
    await client.end();
  }
}

/**
 * A customer past the welcome screen with a few folders and a full page of projects, made
 * through the API as a customer would (a database used before keeps them).
 */
async function furnish(url) {
  const listed = await send(url, 'GET', `/api/animata/projects?rows=${PROJECTS}&page=1`);
  const existing = (await listed.json()).pagination?.totalFiles ?? 0;
  if (existing >= PROJECTS) return existing;
  const expectOk = async (answer, what) => {
    if (!answer.ok) throw new Error(`${what} answered ${answer.status}: ${await answer.text()}`);
    return answer.json();
  };
  await expectOk(
    await send(url, 'POST', '/api/animata/onboarding/projects', { action: 'finish' }),
    'finishing the onboarding',
  );
  const folders = [];
  for (const title of FOLDERS) {
    const made = await expectOk(
      await send(url, 'POST', '/api/animata/customer/labels', { title }),
      `creating the folder ${title}`,
    );
    folders.push(made.label.id);
  }
  for (let index = existing; index < PROJECTS; index += 1) {
    const title = `${TITLE_WORDS[index % TITLE_WORDS.length]} ${index + 1}`;
    // Every other project in a folder, as a customer's would be.
    const label = index % 2 === 0 ? null : folders[index % folders.length];
    await expectOk(
      await send(url, 'POST', '/api/animata/projects', { title, label }),
      `creating project ${title}`,
    );
  }
  return PROJECTS;
}
