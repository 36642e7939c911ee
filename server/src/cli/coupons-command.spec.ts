import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { couponLine, parseCouponsArgs } from './coupons-command.js';

describe('npm run coupons: the command line', () => {
  it('takes list alone, and set with a limit, an expiry or both (none removes them)', () => {
    assert.deepEqual(parseCouponsArgs(['list']), { kind: 'list' });
    assert.deepEqual(parseCouponsArgs([]), { kind: 'help' });
    assert.deepEqual(parseCouponsArgs(['set', ' SPRING ', '--limit', '100']), {
      kind: 'set',
      code: 'SPRING',
      limits: { maxRedemptions: 100 },
    });
    assert.deepEqual(
      parseCouponsArgs(['set', 'SPRING', '--expires', '2026-12-01', '--limit', 'none']),
      {
        kind: 'set',
        code: 'SPRING',
        limits: { expiresAt: new Date('2026-12-01T00:00:00Z'), maxRedemptions: null },
      },
    );
    assert.deepEqual(
      parseCouponsArgs(['set', 'SPRING', '--expires', '2026-12-01T18:30:00+01:00']),
      {
        kind: 'set',
        code: 'SPRING',
        limits: { expiresAt: new Date('2026-12-01T17:30:00Z') },
      },
    );
    assert.deepEqual(parseCouponsArgs(['set', 'SPRING', '--expires', 'none']), {
      kind: 'set',
      code: 'SPRING',
      limits: { expiresAt: null },
    });
  });

  it('explains what is wrong before any database is opened', () => {
    const problems: Array<[string[], string]> = [
      [['set'], 'set needs a coupon code.'],
      [['set', 'SPRING'], 'set needs --limit, --expires or both.'],
      [['set', 'SPRING', '--limit'], '--limit needs a value.'],
      [['set', 'SPRING', '--limit', '0'], '--limit takes a whole number from 1, or none.'],
      [['set', 'SPRING', '--limit', '2.5'], '--limit takes a whole number from 1, or none.'],
      [
        ['set', 'SPRING', '--expires', 'next week'],
        '--expires takes an ISO 8601 date or date-time, or none.',
      ],
      [
        ['set', 'SPRING', '--expires', '2026-13-45'],
        '--expires takes an ISO 8601 date or date-time, or none.',
      ],
      [['set', 'SPRING', '--discount', '5'], 'Unknown option "--discount".'],
      [['list', 'SPRING'], 'list takes nothing more.'],
      [['delete', 'SPRING'], 'Unknown command "delete".'],
    ];
    for (const [args, problem] of problems)
      assert.deepEqual(parseCouponsArgs(args), { kind: 'usage', problem }, args.join(' '));
  });

  it('lists a coupon as one tab-separated line', () => {
    assert.equal(
      couponLine({
        code: 'CYBER36',
        type: 'amount',
        discount: 3600,
        limitation: 'pro',
        expiresAt: new Date('2026-12-01T00:00:00Z'),
        maxRedemptions: 100,
        redemptions: 7,
      }),
      'CYBER36\t$36.00 off\tpro\texpires 2026-12-01T00:00:00.000Z\t7/100 redeemed',
    );
  });
});
