import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseOperatorsArgs } from './operators-command.js';

describe('npm run operators: the command line', () => {
  it('takes grant with one e-mail and a role, revoke with one e-mail, and list alone', () => {
    assert.deepEqual(parseOperatorsArgs(['grant', ' a@b.test ', '--role', 'support']), {
      kind: 'grant',
      email: 'a@b.test',
      role: 'support',
    });
    assert.deepEqual(parseOperatorsArgs(['grant', '--role=admin', 'a@b.test']), {
      kind: 'grant',
      email: 'a@b.test',
      role: 'admin',
    });
    assert.deepEqual(parseOperatorsArgs(['revoke', 'a@b.test']), {
      kind: 'revoke',
      email: 'a@b.test',
    });
    assert.deepEqual(parseOperatorsArgs(['list']), { kind: 'list' });
    assert.deepEqual(parseOperatorsArgs([]), { kind: 'help' });
    assert.deepEqual(parseOperatorsArgs(['--help']), { kind: 'help' });
  });

  it('explains what is wrong before any database is opened', () => {
    const cases: Array<[string[], string]> = [
      [['grant', 'a@b.test'], 'grant needs --role support|admin.'],
      [['grant', 'a@b.test', '--role'], 'grant needs --role support|admin.'],
      [['grant', '--role', 'admin'], 'grant needs an e-mail address.'],
      [['grant', 'a@b.test', '--role', 'owner'], 'Unknown role "owner": choose support or admin.'],
      [['grant', 'a@b.test', 'c@d.test', '--role', 'admin'], 'grant takes one e-mail address.'],
      [['grant', 'a@b.test', '--role', 'admin', '--role', 'support'], 'grant takes one --role.'],
      [['revoke'], 'revoke needs an e-mail address.'],
      [['revoke', 'a@b.test', 'c@d.test'], 'revoke takes one e-mail address.'],
      [['list', 'a@b.test'], 'list takes nothing.'],
      [['promote', 'a@b.test'], 'Unknown command "promote".'],
    ];
    for (const [args, problem] of cases)
      assert.deepEqual(parseOperatorsArgs(args), { kind: 'usage', problem }, args.join(' '));
  });
});
