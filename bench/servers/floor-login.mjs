// The floor of a login with the app's design (BENCH_FLOOR=1): plain node:http doing only what a
// login must, with the app's own compiled pieces: the one PostgreSQL statement (rate-limit hit,
// customer, recent failures, pending session) on the app's own data source, the argon2id
// verification, and a session cookie. No framework, no validation, no guards, no CSRF check, no
// device cookie. It is not a way to serve logins: it tells how much of the gap between the app
// and raw argon2 any rewrite of the app's code could win, and how much the database's work costs.
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { verify } from '@node-rs/argon2';
import { repoRoot } from '../lib/paths.mjs';
import { sendJson as send, serveForRunner } from './bare-server.mjs';

await import('reflect-metadata');
const dist = path.join(repoRoot, 'server/dist/server/src');
const load = (file) => import(pathToFileURL(path.join(dist, file)).href);
const { loadConfig } = await load('config/config.js');
const { createDataSource } = await load('database/data-source.js');
const { normaliseEmail } = await load('modules/customers/customers.repository.js');
const { sessionCookieName } = await load('modules/auth/session-cookie.js');
const { PostgresRateLimiter } = await load('common/rate-limit/postgres-rate-limiter.js');
const { LoginAttemptsRepository } = await load('modules/auth/login-attempts.repository.js');
const { SessionsService } = await load('modules/auth/sessions.service.js');

// The app's own settings from the app's environment (lock window, the bench's login rate limit),
// and the app's own data source, so the pool is the app's size by construction.
const config = loadConfig(process.env);
const { auth } = config;
const cookieName = sessionCookieName(config);
const dataSource = createDataSource(config.databaseUrl);
await dataSource.initialize();
const limiter = new PostgresRateLimiter(dataSource);
const attempts = new LoginAttemptsRepository(dataSource);
// prepare() needs only the clock: the same token, row id and expiry as a real login's session.
const sessions = new SessionsService(undefined, { now: () => new Date() });

async function login(raw, req) {
  const { email, password } = JSON.parse(raw);
  const ipAddress = req.socket.remoteAddress;
  const { token, row: session } = sessions.prepare({
    userAgent: req.headers['user-agent'],
    ipAddress,
  });
  const { result, row } = await limiter.hitWith(
    `login:${ipAddress}`,
    auth.rateLimits.login.limit,
    auth.rateLimits.login.windowMs,
    attempts.candidateRead(
      normaliseEmail(String(email)),
      new Date(Date.now() - auth.lockWindowMs),
      session,
    ),
  );
  if (!result.allowed) return { status: 429, body: '{}' };
  const matches = row?.password_hash ? await verify(row.password_hash, password) : false;
  if (!matches) return { status: 422, body: '{}' };
  return {
    status: 200,
    body: JSON.stringify({ customer_id: row.id, secured: true, tfa_required: false }),
    headers: { 'set-cookie': `${cookieName}=${token}; Path=/; HttpOnly; SameSite=Lax` },
  };
}

const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/api/animata/auth/login') return send(res, 404, '{}');
  let raw = '';
  req.on('data', (chunk) => (raw += chunk));
  req.on('end', () => {
    login(raw, req).then(
      ({ status, body, headers }) => send(res, status, body, headers),
      () => send(res, 500, '{}'),
    );
  });
});
serveForRunner(server, () => dataSource.destroy());
