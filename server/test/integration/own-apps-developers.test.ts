import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres.js';
import { appsMessages, endpoints, type CustomerResponse } from '@animata/contracts';
import { DevelopersExit } from '../../src/cli/developers-command.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { cookieCaller } from '../support/http-client.js';
import { newCustomer, newSessionCookie } from '../support/factories.js';
import { runOperatorCli } from '../support/operator-command.js';
import { freePort } from '../support/ports.js';

const cli = fileURLToPath(new URL('../../src/cli/developers.js', import.meta.url));

describe('npm run developers (decision 80): the operator’s developer grant', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ web: false });
  });
  after(async () => {
    await app?.stop();
  });

  /** Runs the compiled command on the test app's database, as an operator would. */
  function developers(...args: string[]) {
    return run(args, { DATABASE_URL: app.database.url, DATA_DIR: app.config.dataDir });
  }

  function run(args: string[], variables: Record<string, string>) {
    return runOperatorCli('developers', args, variables);
  }

  it('grants, lists and revokes by e-mail; the customer may then create apps, and then not', async () => {
    const customer = await newCustomer(app.runtime.dataSource);
    const call = cookieCaller(app, await newSessionCookie(app, customer.id));
    const before = await call<{ error: string }>('POST', endpoints.ownApps.create.path, {
      name: 'Before',
    });
    assert.equal(before.status, 403);
    assert.equal(before.body.error, appsMessages.notADeveloper);
    const flags = await call<CustomerResponse>('GET', endpoints.customer.get.path);
    assert.equal(flags.body.customer.isAdmin, false);

    const granted = await developers('grant', `  ${customer.email.toUpperCase()}  `);
    assert.equal(granted.code, DevelopersExit.ok, granted.stderr);
    assert.equal(granted.stdout, `${customer.email} may now create developer apps.\n`);
    const created = await call('POST', endpoints.ownApps.create.path, { name: 'After' });
    assert.equal(created.status, 201);
    const now = await call<CustomerResponse>('GET', endpoints.customer.get.path);
    assert.equal(now.body.customer.isAdmin, true);

    const again = await developers('grant', customer.email);
    assert.equal(again.code, DevelopersExit.ok, 'granting twice is fine');
    const listed = await developers('list');
    assert.equal(listed.code, DevelopersExit.ok);
    assert.match(
      listed.stdout,
      new RegExp(`^${customer.email}\\t${customer.name}\\tsince \\d{4}-`, 'm'),
    );

    const revoked = await developers('revoke', customer.email);
    assert.equal(revoked.code, DevelopersExit.ok, revoked.stderr);
    assert.equal(revoked.stdout, `${customer.email} may no longer create developer apps.\n`);
    const refused = await call('POST', endpoints.ownApps.create.path, { name: 'Revoked' });
    assert.equal(refused.status, 403);
    const list = await call<{ ownApps: unknown[] }>('GET', endpoints.ownApps.list.path);
    assert.equal(list.body.ownApps.length, 1, 'the apps made before stay theirs');
  });

  it('says clearly when an e-mail belongs to nobody, and how it is used', async () => {
    const unknown = await developers('grant', 'nobody-at-all@example.test');
    assert.equal(unknown.code, DevelopersExit.noSuchCustomer);
    assert.equal(
      unknown.stderr,
      'No customer has the e-mail address nobody-at-all@example.test. Nothing was changed.\n',
    );
    const missing = await developers('grant');
    assert.equal(missing.code, DevelopersExit.usage);
    assert.match(missing.stderr, /grant needs an e-mail address\.[\s\S]*Usage: npm run developers/);
    const wrong = await developers('promote', 'a@b.test');
    assert.equal(wrong.code, DevelopersExit.usage);
    assert.match(wrong.stderr, /Unknown command "promote"/);
    const help = await developers();
    assert.equal(help.code, DevelopersExit.ok);
    assert.match(help.stdout, /grant EMAIL/);
  });

  it('exits 78 with a message when the database cannot be opened', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
    };
    const child = spawn(process.execPath, [cli, 'list'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.equal(code, DevelopersExit.config);
    assert.match(stderr, /^The database could not be opened: /);
    assert.doesNotMatch(stderr, /\n\s+at /, 'a message, not a stack');
  });

  it('works on the embedded PostgreSQL of DATA_DIR: started for it, or the one npm start runs', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'animata-test-developers-'));
    // Run as root, PostgreSQL runs as the postgres user and must be able to enter the folder.
    if (process.getuid?.() === 0) spawnSync('chmod', ['755', dataDir]);
    const port = await freePort();
    const variables = { DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(port) };
    const quiet = { info: () => undefined, warn: () => undefined };
    try {
      // Nothing runs: the command creates and starts the cluster, migrates it and stops it.
      const first = await run(['list'], variables);
      assert.equal(first.code, DevelopersExit.ok, first.stderr);
      assert.equal(first.stdout, 'Nobody may create developer apps yet.\n');

      // As while npm start runs: the command reuses the running server.
      const running = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), port, quiet);
      const client = new pg.Client({ connectionString: running.url });
      await client.connect();
      try {
        await client.query(
          `INSERT INTO customers (email, name) VALUES ('grace@example.test', 'Grace')`,
        );
        const granted = await run(['grant', 'Grace@Example.test'], variables);
        assert.equal(granted.code, DevelopersExit.ok, granted.stderr);
        const rows = await client.query(
          `SELECT developer_since IS NOT NULL AS developer FROM customers WHERE email = $1`,
          ['grace@example.test'],
        );
        assert.equal(rows.rows[0].developer, true);
      } finally {
        await client.end();
        await running.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
