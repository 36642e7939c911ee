import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  dayOfExpiry,
  expiryError,
  expiryOfDay,
  mayEdit,
  publicLinkPasswordError,
  shareAccessOf,
  shareParamOf,
  shareTargetOf,
  withShareParam,
} from './share-dialog.js';
import { sharingMessages } from './sharing-messages.js';

describe('the share dialog address (?share=)', () => {
  it('names a project or a folder on the dashboard', () => {
    assert.deepEqual(shareTargetOf('project:p_1'), { entity: 'project', id: 'p_1' });
    assert.deepEqual(shareTargetOf(' label:abc-9 '), { entity: 'label', id: 'abc-9' });
    assert.equal(shareParamOf({ entity: 'label', id: 'abc' }), 'label:abc');
  });

  it('ignores a missing, unknown or malformed value', () => {
    for (const value of [null, '', '1', 'team:x', 'project:', 'project:a/b', 'label:a b', 'x']) {
      assert.equal(shareTargetOf(value), null, String(value));
    }
    assert.equal(shareTargetOf(`project:${'a'.repeat(65)}`), null);
  });

  it('on a project page opens only that project (?share=1 or its own id)', () => {
    assert.deepEqual(shareTargetOf('1', 'p1'), { entity: 'project', id: 'p1' });
    assert.deepEqual(shareTargetOf('project:p1', 'p1'), { entity: 'project', id: 'p1' });
    assert.equal(shareTargetOf('project:p2', 'p1'), null);
    assert.equal(shareTargetOf('label:p1', 'p1'), null);
    assert.equal(shareTargetOf(null, 'p1'), null);
  });

  it('opens and closes on the current address, one dialog at a time', () => {
    const here = { pathname: '/folder/f1', search: '?q=cat&dialog=move&target=a&page=2' };
    assert.equal(withShareParam(here, 'label:f1'), '/folder/f1?q=cat&page=2&share=label%3Af1');
    assert.equal(
      withShareParam({ pathname: '/', search: '?index&share=project:a' }, 'project:a', {
        remove: 'c1',
      }),
      '/?share=project%3Aa&shareRemove=c1',
    );
    assert.equal(withShareParam({ pathname: '/x', search: '?share=1&shareRemove=c1' }, null), '/x');
  });
});

describe('share access', () => {
  it('allows edit only for the addresses given (any case, trimmed)', () => {
    const allowed = ['Mia@Example.test'];
    assert.equal(mayEdit(' mia@example.test ', allowed), true);
    assert.equal(mayEdit('other@example.test', allowed), false);
    assert.equal(mayEdit('', allowed), false);
    assert.equal(shareAccessOf('edit', true), 'edit');
    assert.equal(shareAccessOf('edit', false), 'view');
    assert.equal(shareAccessOf('owner', true), 'view');
  });
});

describe('the public link settings', () => {
  it('expires at the end of the chosen day where the browser is', () => {
    assert.equal(expiryOfDay('2027-01-31'), '2027-01-31T23:59:59.999Z');
    // UTC-8 (getTimezoneOffset 480): the local day ends 8 hours later in UTC.
    assert.equal(expiryOfDay('2027-01-31', 480), '2027-02-01T07:59:59.999Z');
    assert.equal(dayOfExpiry('2027-02-01T07:59:59.999Z', 480), '2027-01-31');
    assert.equal(dayOfExpiry(null), '');
    for (const bad of ['', '2027-02-30', '31.01.2027', '2027-1-1']) {
      assert.equal(expiryOfDay(bad), null, bad);
    }
  });

  it('refuses a day already over and a password of the wrong length', () => {
    const now = Date.parse('2027-01-10T12:00:00Z');
    assert.equal(expiryError('2027-01-09T23:59:59.999Z', now), sharingMessages.expiryInPast);
    assert.equal(expiryError('2027-01-10T23:59:59.999Z', now), undefined);
    assert.equal(expiryError(null, now), undefined);
    assert.equal(publicLinkPasswordError(''), undefined);
    assert.equal(publicLinkPasswordError('abc'), sharingMessages.publicLinkPasswordLength);
    assert.equal(publicLinkPasswordError('abcd'), undefined);
    assert.equal(
      publicLinkPasswordError('a'.repeat(129)),
      sharingMessages.publicLinkPasswordLength,
    );
  });
});
