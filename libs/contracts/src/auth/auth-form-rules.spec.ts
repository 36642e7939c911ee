import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { oldPasswordError } from './auth-form-rules.js';

describe('oldPasswordError (account-and-auth §5)', () => {
  it('asks for the old password when it is empty', () => {
    assert.equal(oldPasswordError(''), 'Old password is required');
  });

  it('wants at least 6 characters, counted as characters rather than UTF-16 units', () => {
    assert.equal(oldPasswordError('abcde'), 'Old password should have at least 6 characters');
    // Five astral characters are ten UTF-16 units, but still five characters.
    assert.equal(oldPasswordError('𝓐𝓑𝓒𝓓𝓔'), 'Old password should have at least 6 characters');
  });

  it('accepts any old password of 6 characters or more, weak ones included', () => {
    assert.equal(oldPasswordError('abcdef'), undefined);
    assert.equal(oldPasswordError('weakpass'), undefined);
  });
});
