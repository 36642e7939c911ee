import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hash } from '@node-rs/argon2';
import { ARGON2_OPTIONS, PasswordHasher } from './password-hasher.js';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();
  const composed = 'Caf\u00e9-Latte-42'; // é as one code point (NFC)
  const decomposed = 'Cafe\u0301-Latte-42'; // e + combining acute (NFD)

  it('matches a password typed in another Unicode form (NFC on both sides)', async () => {
    assert.notEqual(composed, decomposed);
    assert.equal(await hasher.verify(await hasher.hash(decomposed), composed), true);
    assert.equal(await hasher.verify(await hasher.hash(composed), decomposed), true);
  });

  it('still accepts a hash made from the decomposed form before NFC', async () => {
    const legacy = await hash(decomposed, ARGON2_OPTIONS);
    assert.equal(await hasher.verify(legacy, decomposed), true);
  });

  it('refuses another password and a malformed hash', async () => {
    assert.equal(await hasher.verify(await hasher.hash(composed), 'Cafe-Latte-42'), false);
    assert.equal(await hasher.verify('not a hash', composed), false);
  });
});
