import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { holdsForbiddenCharacters, MAX_JSON_DEPTH, nestsDeeperThan } from './json-body.js';

describe('nestsDeeperThan', () => {
  const nested = (depth: number) => Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)}`);

  it('accepts bodies up to the limit and refuses one level more', () => {
    assert.equal(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH), false);
    assert.equal(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH), true);
  });

  it('counts only structure: brackets inside strings and after escapes are text', () => {
    const text = Buffer.from(JSON.stringify({ a: '[[[[[[{{{{"\\', b: ['x'] }));
    assert.equal(nestsDeeperThan(text, 2), false);
    assert.equal(nestsDeeperThan(Buffer.from('{"a":{"b":{"c":1}}}'), 2), true);
  });

  it('scans a megabyte of nesting quickly, without parsing it', () => {
    const started = process.hrtime.bigint();
    assert.equal(nestsDeeperThan(nested(512 * 1024), MAX_JSON_DEPTH), true);
    assert.ok(process.hrtime.bigint() - started < 1_000_000_000n);
  });
});

describe('holdsForbiddenCharacters', () => {
  it('finds a NUL or a lone surrogate in any value or key, and allows real text', () => {
    assert.equal(holdsForbiddenCharacters({ email: 'a\u0000@b.c' }), true);
    assert.equal(holdsForbiddenCharacters({ email: 'a\uD800@b.c' }), true);
    assert.equal(holdsForbiddenCharacters({ list: [{ ['k\uDC00']: 1 }] }), true);
    assert.equal(holdsForbiddenCharacters({ name: 'Zoë 🎨 Ωmega', n: 1, ok: null }), false);
  });
});
