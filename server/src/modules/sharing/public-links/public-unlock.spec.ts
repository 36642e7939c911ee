import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isUnlocked, unlockToken } from './public-unlock.js';

describe('the unlock cookie of a password-protected public link', () => {
  const id = 'a'.repeat(32);
  const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g';
  const now = new Date('2026-12-07T01:00:00Z');

  it('unlocks its project until it expires', () => {
    const token = unlockToken(id, hash, now, 3600);
    assert.equal(isUnlocked(token, id, hash, now), true);
    assert.equal(isUnlocked(token, id, hash, new Date(now.getTime() + 3_599_000)), true);
    assert.equal(isUnlocked(token, id, hash, new Date(now.getTime() + 3_600_000)), false);
  });

  it('unlocks no other project, and nothing once the password changed', () => {
    const token = unlockToken(id, hash, now, 3600);
    assert.equal(isUnlocked(token, 'b'.repeat(32), hash, now), false);
    assert.equal(isUnlocked(token, id, `${hash}x`, now), false);
  });

  it('refuses a forged or malformed value', () => {
    const token = unlockToken(id, hash, now, 3600);
    const [expiry, mark] = token.split('.') as [string, string];
    for (const value of [
      null,
      '',
      expiry,
      `${Number(expiry) + 10}.${mark}`,
      `${expiry}.${mark}.x`,
      `${expiry}.${'A'.repeat(43)}`,
      `x${token}`,
      'a'.repeat(100),
    ])
      assert.equal(isUnlocked(value, id, hash, now), false, String(value));
  });
});
