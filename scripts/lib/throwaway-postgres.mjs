// A free port and a throwaway embedded PostgreSQL, for the test runner and the benchmarks: the
// same binaries the app starts on its own (needs the compiled server), in a temporary folder.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A free TCP port on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts PostgreSQL in a new temporary folder; `stop()` ends it and removes the folder. */
export async function startThrowawayPostgres(folderPrefix) {
  const { startEmbeddedPostgres } = await import(
    pathToFileURL(path.join(root, 'server/dist/server/src/database/embedded-postgres.js')).href
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), folderPrefix));
  // Run as root, PostgreSQL runs as the postgres user and must be able to enter the folder.
  if (process.getuid?.() === 0) spawnSync('chmod', ['755', dir]);
  const port = await freePort();
  const embedded = await startEmbeddedPostgres(path.join(dir, 'data'), port, {
    info: () => undefined,
    warn: (message) => console.error(message),
  });
  return {
    url: embedded.url,
    port,
    async stop() {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
