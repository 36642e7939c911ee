import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { duplicateTitle } from './dashboard-rules.js';

describe('duplicateTitle (§4)', () => {
  it('increments a trailing number in parentheses, else appends (2)', () => {
    assert.equal(duplicateTitle('Logo'), 'Logo (2)');
    assert.equal(duplicateTitle('Logo (2)'), 'Logo (3)');
    assert.equal(duplicateTitle('Logo (9)'), 'Logo (10)');
  });

  it('increments a number of any length digit by digit, never in exponent notation', () => {
    assert.equal(duplicateTitle(`Logo (${'9'.repeat(25)})`), `Logo (1${'0'.repeat(25)})`);
    assert.equal(
      duplicateTitle('Logo (12345678901234567890123)'),
      'Logo (12345678901234567890124)',
    );
  });

  it('keeps the copy within 64 characters, the suffix whole', () => {
    const copy = duplicateTitle('x'.repeat(64));
    assert.equal(copy.length, 64);
    assert.ok(copy.endsWith(' (2)'));
  });
});
