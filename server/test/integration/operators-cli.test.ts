import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { QUEUE_DASHBOARD_PATH } from '@animata/contracts';
import {
  OperatorsExit,
  runOperatorsCommand,
  type OperatorsCommand,
} from '../../src/cli/operators-command.js';
import { OperatorGrants } from '../../src/modules/operators/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newSessionCookie } from '../support/factories.js';
import { runOperatorCli } from '../support/operator-command.js';

describe('npm run operators (issue 32): granting, changing and taking back the operator roles', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ web: false });
  });
  after(async () => {
    await app?.stop();
  });

  /** Runs a parsed command on the test app's database, capturing what it writes. */
  async function operators(
    command: Extract<OperatorsCommand, { kind: 'grant' | 'revoke' | 'list' }>,
  ) {
    let stdout = '';
    let stderr = '';
    const code = await runOperatorsCommand(command, new OperatorGrants(app.runtime.dataSource), {
      out: (text) => (stdout += text),
      err: (text) => (stderr += text),
    });
    return { code, stdout, stderr };
  }

  const dashboardStatus = async (cookie: string) =>
    (await fetch(`${app.url}${QUEUE_DASHBOARD_PATH}`, { headers: { cookie } })).status;

  it('grants by e-mail from the terminal, changes the role, lists and revokes; the dashboard follows', async () => {
    const customer = await newCustomer(app.runtime.dataSource, { name: 'Olga Operator' });
    const cookie = await newSessionCookie(app, customer.id);
    assert.equal(await dashboardStatus(cookie), 404);

    // Through the compiled command, as `npm run operators -- grant …` runs it.
    const granted = await runOperatorCli(
      'operators',
      ['grant', `  ${customer.email.toUpperCase()} `, '--role', 'support'],
      { DATABASE_URL: app.database.url, DATA_DIR: app.config.dataDir },
    );
    assert.equal(granted.code, OperatorsExit.ok, granted.stderr);
    assert.equal(granted.stdout, `${customer.email} may now look at the queues (support).\n`);
    assert.equal(await dashboardStatus(cookie), 200);

    const promoted = await operators({ kind: 'grant', email: customer.email, role: 'admin' });
    assert.deepEqual(promoted, {
      code: OperatorsExit.ok,
      stdout: `${customer.email} may now look at the queues and retry, promote and remove jobs (admin).\n`,
      stderr: '',
    });
    const listed = await operators({ kind: 'list' });
    assert.equal(listed.code, OperatorsExit.ok);
    assert.match(
      listed.stdout,
      new RegExp(
        `^${customer.email.replace(/[.]/g, '\\.')}\tOlga Operator\tadmin\tsince \\d{4}-\\d\\d-\\d\\dT`,
        'm',
      ),
    );
    assert.equal(
      listed.stdout.split('\n').filter((line) => line.startsWith(customer.email)).length,
      1,
    );

    const revoked = await operators({ kind: 'revoke', email: customer.email });
    assert.deepEqual(revoked, {
      code: OperatorsExit.ok,
      stdout: `${customer.email} is no longer an operator.\n`,
      stderr: '',
    });
    assert.equal(await dashboardStatus(cookie), 404);
    const again = await operators({ kind: 'revoke', email: customer.email });
    assert.equal(again.stdout, `${customer.email} was not an operator. Nothing was changed.\n`);
    assert.ok(!(await operators({ kind: 'list' })).stdout.includes(customer.email));
  });

  it('says clearly when an e-mail belongs to nobody, and changes nothing', async () => {
    for (const command of [
      { kind: 'grant', email: 'nobody@example.test', role: 'admin' },
      { kind: 'revoke', email: 'nobody@example.test' },
    ] as const) {
      assert.deepEqual(await operators(command), {
        code: OperatorsExit.noSuchCustomer,
        stdout: '',
        stderr: 'No customer has the e-mail address nobody@example.test. Nothing was changed.\n',
      });
    }
    const rows = (await app.runtime.dataSource.query(
      `SELECT count(*)::int AS count FROM operators`,
    )) as Array<{ count: number }>;
    assert.deepEqual(rows, [{ count: 0 }]);
  });

  it('answers usage errors with the usage and exit 64, before opening any database', async () => {
    const run = await runOperatorCli('operators', ['grant', 'a@b.test', '--role', 'owner'], {});
    assert.equal(run.code, OperatorsExit.usage);
    assert.ok(
      run.stderr.startsWith(
        'Unknown role "owner": choose support or admin.\n\nUsage: npm run operators',
      ),
    );
  });
});
