// What every bare server of the benchmarks shares: a JSON answer, and listening for the runner
// (a random loopback port reported over IPC, then a graceful stop on { type: 'stop' }, SIGTERM or
// the runner's disconnect).

/** Writes a JSON body with its length; `headers` adds to or overrides the defaults. */
export function sendJson(res, status, body, headers = {}) {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

/**
 * Listens on 127.0.0.1 with Fastify's keep-alive default (72 s), tells the runner its URL and
 * closes on request; `release` frees what the server holds (a pg pool) before the process exits.
 */
export function serveForRunner(server, release = async () => {}) {
  server.keepAliveTimeout = 72_000;
  server.listen(0, '127.0.0.1', () => {
    process.send?.({ type: 'ready', url: `http://127.0.0.1:${server.address().port}` });
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(0), 5000).unref();
    server.closeAllConnections();
    server.close(() => void release().finally(() => process.exit(0)));
  };
  process.on('message', (message) => {
    if (message?.type === 'stop') stop();
  });
  process.once('SIGTERM', stop);
  // The runner went away (killed, crashed): never outlive it.
  process.once('disconnect', stop);
}
