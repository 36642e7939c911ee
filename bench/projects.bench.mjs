// GET /api/animata/projects, the dashboard's list (projects-dashboard §7, §9), on a million
// projects: one customer with 100,000 in nested folders, the rest spread over 10,000 others.
// The real app (session guard, validation pipe, access layer, TypeORM's pool) against a bare
// node:http + pg server running the very same statements (server/src/modules/projects/
// project-list.sql.ts). Scenarios: the first page, the middle and the last page, a search and
// each sort. Floors (issue 17): app >= 0.75 of the bare server's throughput in each scenario; the
// last page's p95 <= 1.5x the first page's; a search's p95 <= 3x a plain list's (both on the
// app). Issue 33: the middle page's p95 <= 2x the first page's.
// Issue 31: Shared with me (10,000 projects shared through 100 folders) and a team view
// (10,000 projects shared with a team), each against bare like the rest, and each held to
// >= 0.9 of the owner list's requests/s in the same sort: the 'owner vs …' scenarios alternate
// the two requests on the app round by round, so the ratio is measured in the same rounds.
import path from 'node:path';
import pg from 'pg';
import { benchDir, signIn, startDatabase, startServerProcess, stopAll } from './lib/index.mjs';
import { seedProjects, seedSharing } from './lib/seed-projects.mjs';

const EMAIL = 'bench-projects@example.com';
// Issue 31: the customer others shared with, and the owner of a team with shared projects.
const SHARED_EMAIL = 'bench-shared@example.com';
const PASSWORD = 'Correct-Horse-7';
const TOTAL = Number(process.env.BENCH_PROJECTS_TOTAL ?? 1_000_000);
const BIG = Number(process.env.BENCH_PROJECTS_BIG ?? 100_000);
const ROWS = 20;
const LAST_PAGE = Math.ceil(BIG / ROWS);
// Issue 33: the page halfway to the last, the one that skips the most rows from either end.
const MIDDLE_PAGE = Math.ceil(LAST_PAGE / 2);
// Shared with me: SHARED projects of another customer, through SHARED_FOLDERS folder grants
// (each folder with a sub-folder, half its projects in each); the team view: TEAM projects of
// the shared customer's own, shared with their team. Both come out of the TOTAL.
const SHARED = Number(process.env.BENCH_PROJECTS_SHARED ?? 10_000);
const SHARED_FOLDERS = 100;
const TEAM = Number(process.env.BENCH_PROJECTS_TEAM ?? 10_000);

// Filled in by setup(): the cookies of the big and the shared customer's sessions, and the team.
const headers = {};
const sharedHeaders = {};
const team = { id: '' };
const list = (query, sent = headers) => ({
  method: 'GET',
  path: `/api/animata/projects?${query}`,
  headers: sent,
  expectStatus: 200,
});
// The team's id is known after setup: the path is read when the scenario runs.
const teamList = (query) => ({
  method: 'GET',
  get path() {
    return `/api/animata/projects?team=${team.id}&${query}`;
  },
  headers: sharedHeaders,
  expectStatus: 200,
});

// BENCH_PROJECTS_SCENARIOS: a comma-separated subset of the scenarios' names (all by default).
const only = process.env.BENCH_PROJECTS_SCENARIOS?.split(',').map((name) => name.trim());

/** @type {import('./lib/types.js').Bench} */
export default {
  name: 'projects',
  title: `GET /api/animata/projects on ${TOTAL.toLocaleString('en-US')} projects (${BIG.toLocaleString('en-US')} of one customer): app vs bare node:http + pg, same SQL`,
  scenarios: [
    { name: 'first page', request: list(`rows=${ROWS}&page=1`) },
    { name: 'middle page', request: list(`rows=${ROWS}&page=${MIDDLE_PAGE}`) },
    { name: 'last page', request: list(`rows=${ROWS}&page=${LAST_PAGE}`) },
    { name: 'search', request: list(`rows=${ROWS}&page=1&titleSearchFilter=rocket`) },
    { name: 'sort date_asc', request: list(`rows=${ROWS}&page=1&sort_by=date_asc`) },
    { name: 'sort title_asc', request: list(`rows=${ROWS}&page=1&sort_by=title_asc`) },
    { name: 'sort title_desc', request: list(`rows=${ROWS}&page=1&sort_by=title_desc`) },
    {
      name: 'shared with me',
      request: list(`rows=${ROWS}&page=1&sharedWithMe=true`, sharedHeaders),
    },
    {
      name: 'shared title_asc',
      request: list(`rows=${ROWS}&page=1&sharedWithMe=true&sort_by=title_asc`, sharedHeaders),
    },
    { name: 'team view', request: teamList(`rows=${ROWS}&page=1`) },
    // Issue 31's floors, measured in the same rounds: each shared view against the owner's
    // list in the same sort, both on the app, alternating round by round.
    ...[
      [
        'owner vs shared with me',
        list(`rows=${ROWS}&page=1`),
        list(`rows=${ROWS}&page=1&sharedWithMe=true`, sharedHeaders),
      ],
      [
        'owner vs shared title_asc',
        list(`rows=${ROWS}&page=1&sort_by=title_asc`),
        list(`rows=${ROWS}&page=1&sharedWithMe=true&sort_by=title_asc`, sharedHeaders),
      ],
      ['owner vs team view', list(`rows=${ROWS}&page=1`), teamList(`rows=${ROWS}&page=1`)],
    ].map(([name, owner, shared]) => ({
      name,
      request: shared,
      sameBody: false,
      compare: { subject: 'shared', baseline: 'owner', atLeast: 0.9 },
      targets: (targets) => {
        const app = targets.find((target) => target.name === 'app');
        return [
          { ...app, name: 'shared', request: shared },
          { ...app, name: 'owner', request: owner },
        ];
      },
    })),
    // Issue 33's latency floors, measured in the same rounds: the first page alternating with
    // the page it is compared to, on the app (comparing scenarios measured minutes apart also
    // compared the machine's minutes, and the first scenario after start its warm-up).
    ...[
      ['first vs middle page', list(`rows=${ROWS}&page=${MIDDLE_PAGE}`)],
      ['first vs last page', list(`rows=${ROWS}&page=${LAST_PAGE}`)],
      ['first vs search', list(`rows=${ROWS}&page=1&titleSearchFilter=rocket`)],
    ].map(([name, compared]) => ({
      name,
      request: compared,
      sameBody: false,
      compare: null,
      targets: (targets) => {
        const app = targets.find((target) => target.name === 'app');
        return [
          { ...app, name: 'compared', request: compared },
          { ...app, name: 'first', request: list(`rows=${ROWS}&page=1`) },
        ];
      },
    })),
  ].filter((scenario) => !only || only.includes(scenario.name)),
  // Same rows, same totals: the bodies must match before load starts.
  sameBody: true,
  compare: { subject: 'app', baseline: 'bare', atLeast: 0.75 },
  // Six scenarios: fewer, shorter rounds than the defaults keep a run near three minutes.
  settings: { rounds: 4, durationSeconds: 2, warmupSeconds: 2, connections: 10 },
  checks(results) {
    // Same rounds when the 'first vs …' scenario ran; otherwise the separate scenarios.
    const p95Ratio = (paired, scenario) => {
      const same = results[paired]?.summary;
      if (same) return same.compared.p95Ms / same.first.p95Ms;
      return (
        (results[scenario]?.summary.app.p95Ms ?? NaN) /
        (results['first page']?.summary.app.p95Ms ?? NaN)
      );
    };
    const middle = p95Ratio('first vs middle page', 'middle page');
    const last = p95Ratio('first vs last page', 'last page');
    const search = p95Ratio('first vs search', 'search');
    return [
      {
        label: "app: middle page's p95 / first page's",
        value: middle,
        atMost: 2,
        met: middle <= 2,
      },
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
        // Any free port for the metrics server: another app on this machine may hold 9464.
        METRICS_PORT: '0',
        SEED_DEMO: 'false',
        SERVE_WEB: 'false',
        RATE_LIMIT_REGISTER: '1000/60',
        TFA_AFTER_REGISTRATIONS: '1000',
        DATA_DIR: path.join(benchDir, 'results', '.app-data'),
      };
      const app = await startServerProcess('app', path.join(benchDir, 'servers/app.mjs'), appEnv);
      started.push(app);
      headers.cookie = await signIn(app.url, EMAIL, PASSWORD);
      sharedHeaders.cookie = await signIn(app.url, SHARED_EMAIL, PASSWORD);
      const seeded = await seedOnce(database.url);
      team.id = seeded.teamId;
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

/** Seeds the million once per database (a DATABASE_URL used before keeps its rows). */
async function seedOnce(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let bigCustomerId;
  let sharedCustomerId;
  try {
    const { rows } = await client.query(
      `SELECT c.id, (SELECT count(*)::int FROM projects p WHERE p.owner_id = c.id) AS n,
              (SELECT id FROM customers WHERE email = $2) AS shared_id,
              (SELECT t.id FROM teams t JOIN customers s ON s.id = t.owner_id AND s.email = $2
                LIMIT 1) AS team_id
       FROM customers c WHERE c.email = $1`,
      [EMAIL, SHARED_EMAIL],
    );
    if (rows[0].n >= BIG && rows[0].team_id) return { seeded: 'reused', teamId: rows[0].team_id };
    bigCustomerId = rows[0].id;
    sharedCustomerId = rows[0].shared_id;
  } finally {
    await client.end();
  }
  const started = Date.now();
  const sharing = await seedSharing(databaseUrl, {
    sharedCustomerId,
    shared: SHARED,
    folders: SHARED_FOLDERS,
    team: TEAM,
  });
  const seeded = await seedProjects(databaseUrl, {
    bigCustomerId,
    total: TOTAL - SHARED - TEAM,
    bigCount: BIG,
    perOther: 90,
  });
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `   seeded ${seeded.projects.toLocaleString('en-US')} projects in ${seconds.toFixed(1)} s`,
  );
  return {
    seeded: seeded.projects,
    seedSeconds: seconds,
    shared: SHARED,
    sharedFolders: SHARED_FOLDERS,
    team: TEAM,
    teamId: sharing.teamId,
  };
}
