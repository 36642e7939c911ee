// The baseline for logins: plain node:http answering POST /api/animata/auth/login with one raw
// argon2id verification of the posted password against a stored hash, with the very parameters
// the app uses (imported from its compiled password hasher). No database, no framework: what a
// login would cost if hashing were the only cost.
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { hash, verify } from '@node-rs/argon2';
import { repoRoot } from '../lib/paths.mjs';

const { ARGON2_OPTIONS } = await import(
  pathToFileURL(path.join(repoRoot, 'server/dist/server/src/modules/auth/password-hasher.js')).href
);
const stored = await hash(process.env.BENCH_PASSWORD ?? 'Correct-Horse-7', ARGON2_OPTIONS);

function send(res, status, body) {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/api/animata/auth/login') return send(res, 404, '{}');
  let raw = '';
  req.on('data', (chunk) => (raw += chunk));
  req.on('end', () => {
    let password = '';
    try {
      password = JSON.parse(raw).password ?? '';
    } catch {
      return send(res, 400, '{}');
    }
    verify(stored, password).then(
      (ok) => send(res, ok ? 200 : 422, JSON.stringify({ ok })),
      () => send(res, 500, '{}'),
    );
  });
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  process.send?.({ type: 'ready', url: `http://127.0.0.1:${server.address().port}` });
});
process.on('message', (message) => {
  if (message?.type !== 'stop') return;
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
process.once('disconnect', () => process.exit(0));
