// GET /api/animata/projects, the dashboard's list (projects-dashboard §7, §9), on a million
// projects: one customer with 100,000 in nested folders, the rest spread over 10,000 others.
// The real app (session guard, validation pipe, access layer, TypeORM's pool) against a bare
// node:http + pg server running the very same statements (server/src/modules/projects/
// project-list.sql.ts). Scenarios: the first page, the last page, a search and each sort.
// Floors (issue 17): app >= 0.75 of the bare server's throughput in each scenario; the last
// page's p95 <= 1.5x the first page's; a search's p95 <= 3x a plain list's (both on the app).
import path from 'node:path';
import pg from 'pg';
import { benchDir, startDatabase, startServerProcess, stopAll } from './lib/index.mjs';
import { seedProjects } from './lib/seed-projects.mjs';

const EMAIL = 'bench-projects@example.com';
const PASSWORD = 'Correct-Horse-7';
const TOTAL = Number(process.env.BENCH_PROJECTS_TOTAL ?? 1_000_000);
const BIG = Number(process.env.BENCH_PROJECTS_BIG ?? 100_000);
const ROWS = 20;
const LAST_PAGE = Math.ceil(BIG / ROWS);

// Filled in by setup(): the cookie of the big customer's session, sent by every request.
const headers = {};
const list = (query) => ({
  method: 'GET',
  path: `/api/animata/projects?${query}`,
  headers,
  expectStatus: 200,
});

/** @type {import('./lib/types.js').Bench} */
export default {
  name: 'projects',
  title: `GET /api/animata/projects on ${TOTAL.toLocaleString('en-US')} projects (${BIG.toLocaleString('en-US')} of one customer): app vs bare node:http + pg, same SQL`,
  scenarios: [
    { name: 'first page', request: list(`rows=${ROWS}&page=1`) },
    { name: 'last page', request: list(`rows=${ROWS}&page=${LAST_PAGE}`) },
    { name: 'search', request: list(`rows=${ROWS}&page=1&titleSearchFilter=rocket`) },
    { name: 'sort date_asc', request: list(`rows=${ROWS}&page=1&sort_by=date_asc`) },
    { name: 'sort title_asc', request: list(`rows=${ROWS}&page=1&sort_by=title_asc`) },
    { name: 'sort title_desc', request: list(`rows=${ROWS}&page=1&sort_by=title_desc`) },
  ],
  // Same rows, same totals: the bodies must match before load starts.
  sameBody: true,
  compare: { subject: 'app', baseline: 'bare', atLeast: 0.75 },
  // Six scenarios: fewer, shorter rounds than the defaults keep a run near three minutes.
  settings: { rounds: 4, durationSeconds: 2, warmupSeconds: 2, connections: 10 },
  checks(results) {
    const p95 = (scenario) => results[scenario].summary.app.p95Ms;
    const last = p95('last page') / p95('first page');
    const search = p95('search') / p95('first page');
    return [
      { label: "app: last page's p95 / first page's", value: last, atMost: 1.5, met: last <= 1.5 },
      { label: "app: search's p95 / plain list's", value: search, atMost: 3, met: search <= 3 },
    ];
  },

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
        SEED_DEMO: 'false',
        SERVE_WEB: 'false',
        RATE_LIMIT_REGISTER: '1000/60',
        TFA_AFTER_REGISTRATIONS: '1000',
        DATA_DIR: path.join(benchDir, 'results', '.app-data'),
      };
      const app = await startServerProcess('app', path.join(benchDir, 'servers/app.mjs'), appEnv);
      started.push(app);
      headers.cookie = await signIn(app.url);
      const seeded = await seedOnce(database.url);
      const bare = await startServerProcess(
        'bare',
        path.join(benchDir, 'servers/bare-projects.mjs'),
        { ...base, NODE_ENV: 'production', DATABASE_URL: database.url },
      );
      started.push(bare);
      return {
        targets: [
          { name: 'app', url: app.url, pid: app.pid },
          { name: 'bare', url: bare.url, pid: bare.pid },
        ],
        notes: { database: database.source, rowsPerPage: ROWS, ...seeded },
        teardown: () => stopAll(started, database),
      };
    } catch (error) {
      await stopAll(started, database, { quiet: true });
      throw error;
    }
  },
};

/** Registers the bench customer (or logs in when it exists) and answers its session cookie. */
async function signIn(url) {
  const post = (route, body) =>
    fetch(new URL(route, url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  let answer = await post('/api/animata/auth/register', {
    name: 'Bench',
    email: EMAIL,
    password: PASSWORD,
  });
  if (answer.status !== 200)
    answer = await post('/api/animata/auth/login', { email: EMAIL, password: PASSWORD });
  if (answer.status !== 200)
    throw new Error(`signing the bench customer in answered ${answer.status}`);
  const cookie = answer.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('__Host-animata_session='));
  if (!cookie) throw new Error('no session cookie in the sign-in answer');
  return cookie;
}

/** Seeds the million once per database (a DATABASE_URL used before keeps its rows). */
async function seedOnce(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let bigCustomerId;
  try {
    const { rows } = await client.query(
      `SELECT c.id, (SELECT count(*)::int FROM projects p WHERE p.owner_id = c.id) AS n
       FROM customers c WHERE c.email = $1`,
      [EMAIL],
    );
    if (rows[0].n >= BIG) return { seeded: 'reused' };
    bigCustomerId = rows[0].id;
  } finally {
    await client.end();
  }
  const seeded = await seedProjects(databaseUrl, {
    bigCustomerId,
    total: TOTAL,
    bigCount: BIG,
    perOther: 90,
  });
  console.log(
    `   seeded ${seeded.projects.toLocaleString('en-US')} projects in ${seeded.seconds.toFixed(1)} s`,
  );
  return { seeded: seeded.projects, seedSeconds: seeded.seconds };
}
