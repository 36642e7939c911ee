import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatCents, formatDate, formatDateTime, formatMoney } from './format.js';

describe('money and dates, one way everywhere (issue 29)', () => {
  it('writes dollars with thousands separators, cents only when there are any', () => {
    assert.equal(formatMoney(1440), '$1,440');
    assert.equal(formatMoney(29.75), '$29.75');
    assert.equal(formatMoney(45.6), '$45.60');
    assert.equal(formatMoney(0.1 + 0.2), '$0.30');
    assert.equal(formatMoney(0), '$0');
    assert.equal(formatMoney(1234567.891), '$1,234,567.89');
    assert.equal(formatMoney(1440, { cents: 'always' }), '$1,440.00');
    assert.equal(formatMoney(29.999, { cents: 'always' }), '$30.00');
  });

  it('reads cents as dollars', () => {
    assert.equal(formatCents(144000), '$1,440');
    assert.equal(formatCents(2975), '$29.75');
    assert.equal(formatCents(24000, { cents: 'always' }), '$240.00');
  });

  it('writes days in GMT, long or short, and moments with a 24-hour time', () => {
    const late = '2026-11-28T23:30:00Z';
    assert.equal(formatDate(late, 'long'), 'November 28, 2026');
    assert.equal(formatDate(late, 'short'), 'Nov 28, 2026');
    assert.equal(formatDate(new Date('2027-03-05T00:00:00Z'), 'long'), 'March 5, 2027');
    assert.equal(formatDateTime('2026-11-27T03:16:59Z'), 'Nov 27, 2026, 03:16 GMT');
    assert.equal(formatDate('not a date', 'long'), '');
    assert.equal(formatDateTime(''), '');
  });
});
