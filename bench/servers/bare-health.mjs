// The baseline for /api/health/ready: plain node:http and a pg Pool of the app's size (10),
// the same `SELECT 1` and the same JSON body and status as the app's readiness check when no
// Redis is configured, built per request from the check's outcome as the app does. Nothing
// else: no framework, no hooks, no logging.
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 10,
  connectionTimeoutMillis: 5000,
});

function send(res, status, body) {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(body);
}

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
        send(res, ok ? 200 : 503, JSON.stringify(body));
      });
    return;
  }
  send(res, 404, JSON.stringify({ error: 'Not found' }));
});
// Same keep-alive behaviour as Fastify's defaults (72 s).
server.keepAliveTimeout = 72_000;

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  process.send({ type: 'ready', url: `http://127.0.0.1:${port}` });
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(0), 5000).unref();
  server.closeAllConnections();
  server.close(() => pool.end().then(() => process.exit(0)));
};
process.on('message', (message) => {
  if (message?.type === 'stop') stop();
});
process.once('SIGTERM', stop);
// The runner went away (killed, crashed): never outlive it.
process.once('disconnect', stop);
