import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { API_V1_PROJECTS_DEFAULT_LIMIT } from '@animata/contracts';
import { decodeCursor, encodeCursor, parseLimit } from './api-v1.service.js';

const ID = 'a'.repeat(32);

describe('the projects cursor', () => {
  it('round-trips a position to the microsecond', () => {
    const position = { updatedAt: '2026-11-27T23:16:02.123456Z', id: ID };
    assert.deepEqual(decodeCursor(encodeCursor(position)), position);
  });

  it('refuses what this API never gave', () => {
    const encode = (text: string) => Buffer.from(text).toString('base64url');
    for (const cursor of [
      '',
      'not base64!',
      encode(`2026-11-27T23:16:02.123Z|${ID}`),
      encode(`2026-13-01T00:00:00.000000Z|${ID}`),
      encode(`2026-02-30T00:00:00.000000Z|${ID}`),
      encode(`2026-11-27T23:16:02.123456Z|${ID.toUpperCase()}`),
      encode(`2026-11-27T23:16:02.123456Z|${ID}|x`),
    ])
      assert.equal(decodeCursor(cursor), null, cursor);
  });
});

describe('parseLimit', () => {
  it('defaults, and takes 1 to 100 in digits only', () => {
    assert.equal(parseLimit(undefined), API_V1_PROJECTS_DEFAULT_LIMIT);
    assert.equal(parseLimit('1'), 1);
    assert.equal(parseLimit('100'), 100);
    for (const value of ['0', '101', '-1', '1.5', '1e2', ' 5', '', 'abc', ['1', '2']])
      assert.equal(parseLimit(value), null, String(value));
  });
});
