import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { billingInfoErrors, cancelReasonValid, CANCEL_REASONS } from './billing-page.js';

describe('billing page rules', () => {
  it('a cancel reason is valid with a code 1–8, or Other with 12 to 1,000 characters (§5)', () => {
    const cases: Array<[number | null, string, boolean]> = [
      [null, '', false],
      [9, '', false],
      [1, '', true],
      [8, '', true],
      [0, '', false],
      [0, 'eleven char', false],
      [0, '   eleven char   ', false],
      [0, 'twelve chars', true],
      [0, 'x'.repeat(1000), true],
      [0, 'x'.repeat(1001), false],
    ];
    for (const [code, text, valid] of cases)
      assert.equal(cancelReasonValid(code, text), valid, `${code} ${text.length}`);
    assert.deepEqual(
      CANCEL_REASONS.map((r) => r.code),
      [1, 2, 3, 4, 5, 6, 7, 8, 0],
    );
    assert.equal(CANCEL_REASONS.at(-1)?.text, 'Other');
  });

  it('billing info fields: 180 and 500 characters after trimming', () => {
    assert.deepEqual(
      billingInfoErrors({ name: ` ${'n'.repeat(180)} `, details: 'd'.repeat(500) }),
      {},
    );
    assert.deepEqual(billingInfoErrors({ name: 'n'.repeat(181), details: 'd'.repeat(501) }), {
      name: 'Billing name must be at most 180 characters long',
      details: 'Billing details must be at most 500 characters long',
    });
  });
});
