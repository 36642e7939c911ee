import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDevelopersArgs } from './developers-command.js';

describe('npm run developers: the command line', () => {
  it('takes grant and revoke with one e-mail, and list alone', () => {
    assert.deepEqual(parseDevelopersArgs(['grant', ' a@b.test ']), {
      kind: 'grant',
      email: 'a@b.test',
    });
    assert.deepEqual(parseDevelopersArgs(['revoke', 'a@b.test']), {
      kind: 'revoke',
      email: 'a@b.test',
    });
    assert.deepEqual(parseDevelopersArgs(['list']), { kind: 'list' });
    assert.deepEqual(parseDevelopersArgs([]), { kind: 'help' });
  });

  it('explains what is wrong before any database is opened', () => {
    assert.equal(parseDevelopersArgs(['grant']).kind, 'usage');
    assert.equal(parseDevelopersArgs(['grant', 'a@b.test', 'c@d.test']).kind, 'usage');
    assert.equal(parseDevelopersArgs(['list', 'a@b.test']).kind, 'usage');
    assert.deepEqual(parseDevelopersArgs(['promote', 'a@b.test']), {
      kind: 'usage',
      problem: 'Unknown command "promote".',
    });
  });
});
