// The baseline for logins: plain node:http answering POST /api/animata/auth/login with one raw
// argon2id verification of the posted password against a stored hash, with the very parameters
// the app uses (from the server's public entry; importing it loads the app's modules once at
// start, and no request touches them). No database, no framework: what a login would cost if
// hashing were the only cost.
import http from 'node:http';
import { hash, verify } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '@animata/server/app';
import { sendJson as send, serveForRunner } from './bare-server.mjs';

const stored = await hash(process.env.BENCH_PASSWORD ?? 'Correct-Horse-7', ARGON2_OPTIONS);

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
serveForRunner(server);
