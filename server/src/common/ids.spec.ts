import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newPublicId, newToken } from './ids.js';

describe('ids', () => {
  it('hands out URL-safe tokens of 256 bits, never the same bytes twice across pool refills', () => {
    const tokens = Array.from({ length: 1000 }, () => newToken());
    for (const token of tokens) assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(new Set(tokens).size, tokens.length);
    // 1000 tokens span several 4 KiB fills: no two consecutive fills repeat.
    const bytes = Buffer.concat(tokens.map((token) => Buffer.from(token, 'base64url')));
    assert.notDeepEqual(bytes.subarray(0, 4096), bytes.subarray(4096, 8192));
  });

  it('makes tokens of other sizes, large ones included', () => {
    assert.equal(Buffer.from(newToken(16), 'base64url').length, 16);
    assert.equal(Buffer.from(newToken(5000), 'base64url').length, 5000);
  });

  it('makes public ids of lowercase letters and digits', () => {
    assert.match(newPublicId(), /^[a-z0-9]{32}$/);
  });
});
