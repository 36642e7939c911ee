import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres.js';

const quiet = { info: () => undefined, warn: () => undefined };

describe('embedded PostgreSQL', () => {
  let dir: string;
  let blocker: net.Server;
  let port: number;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'animata-test-embedded-'));
    // Run as root, PostgreSQL runs as the postgres user and must be able to enter the folder.
    if (process.getuid?.() === 0) spawnSync('chmod', ['755', dir]);
    blocker = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    port = (blocker.address() as net.AddressInfo).port;
  });
  after(async () => {
    await new Promise((resolve) => blocker?.close(resolve));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('explains a failed start with PostgreSQL’s own message, when its port is taken', async () => {
    await assert.rejects(
      startEmbeddedPostgres(path.join(dir, 'data'), port, quiet),
      (error: Error) => {
        assert.match(error.message, new RegExp(`did not start on 127\\.0\\.0\\.1:${port}`));
        assert.match(error.message, /EMBEDDED_POSTGRES_PORT/);
        assert.match(error.message, /could not bind|Address already in use/i);
        return true;
      },
    );
  });
});
