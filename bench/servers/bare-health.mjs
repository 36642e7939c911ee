// The baseline for /api/health/ready: plain node:http and a pg Pool of the app's size (10),
// the same `SELECT 1` and the same JSON body and status as the app's readiness check when no
// Redis is configured, built per request from the check's outcome as the app does. Nothing
// else: no framework, no hooks, no logging.
import http from 'node:http';
import pg from 'pg';
import { sendJson, serveForRunner } from './bare-server.mjs';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 10,
  connectionTimeoutMillis: 5000,
});

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/api/health/ready') {
    pool
      .query('SELECT 1')
      .then(
        () => 'up',
        () => 'down',
      )
      .then((database) => {
        const ok = database === 'up';
        const body = { status: ok ? 'ok' : 'unavailable', database, redis: 'not-configured' };
        sendJson(res, ok ? 200 : 503, JSON.stringify(body), { 'cache-control': 'no-store' });
      });
    return;
  }
  sendJson(res, 404, JSON.stringify({ error: 'Not found' }), { 'cache-control': 'no-store' });
});
serveForRunner(server, () => pool.end());
