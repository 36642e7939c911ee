import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CouponRecord, PlanRecord } from './catalog/catalog.repository.js';
import { chooseCoupon, couponRefusalFor, couponState, cyclePrice } from './catalog/pricing.js';
import { changeTiming } from './checkout/checkout.service.js';
import { trackingDataProblem } from './checkout/tracking.controller.js';
import { addMonths, prorate } from './gateways/sandbox/sandbox-core.js';
import { snapshotDecision } from './subscriptions/billing-ledger.js';

const plan = (overrides: Partial<PlanRecord> = {}): PlanRecord => ({
  id: 'pro-annual',
  product: 'pro',
  period: 'annual',
  months: 12,
  monthlyPriceCents: 2000,
  originalPriceCents: 3500,
  seatsPlanId: null,
  purchasable: true,
  ...overrides,
});
const coupon = (overrides: Partial<CouponRecord> = {}): CouponRecord => ({
  code: 'BF',
  type: 'percent',
  discount: 20,
  expiresAt: null,
  limitation: null,
  customDesign: 'black-friday-promo',
  isSiteCoupon: false,
  maxRedemptions: null,
  redemptions: 0,
  ...overrides,
});

describe('coupons and cycle prices', () => {
  const now = new Date('2026-11-25T00:00:00Z');
  const past = new Date('2026-11-01T00:00:00Z');

  it('uses the requested code when it runs, else the site coupon, else none', () => {
    const requested = coupon({ code: 'A' });
    const site = coupon({ code: 'SITE', isSiteCoupon: true });
    assert.equal(chooseCoupon(requested, site, now)?.code, 'A');
    assert.equal(chooseCoupon(coupon({ expiresAt: past }), site, now)?.code, 'SITE');
    assert.equal(chooseCoupon(null, coupon({ expiresAt: past }), now), null);
  });

  it('treats a coupon at its limit as used up, like an expired one', () => {
    assert.equal(couponState(coupon({ maxRedemptions: 1, redemptions: 0 }), now), 'live');
    assert.equal(couponState(coupon({ maxRedemptions: 1, redemptions: 1 }), now), 'used-up');
    assert.equal(couponState(coupon({ expiresAt: past, maxRedemptions: 1 }), now), 'expired');
    assert.equal(
      chooseCoupon(coupon({ maxRedemptions: 2, redemptions: 2 }), coupon({ code: 'SITE' }), now)
        ?.code,
      'SITE',
    );
  });

  it('says why the code asked for takes nothing off a plan, in its words', () => {
    const title = (product: string) => ({ pro: 'Pro', team: 'Team' })[product] ?? product;
    const refusal = (
      asked: string | null,
      requested: ReturnType<typeof coupon> | null,
      on = plan(),
    ) => couponRefusalFor(asked, requested, on, now, title)?.message ?? null;
    const table: Array<[string, string | null]> = [
      [refusal('nope', null)!, 'The coupon code nope is not valid.'],
      [
        refusal('old', coupon({ code: 'OLD', expiresAt: new Date('2026-11-01T10:00:00Z') }))!,
        'The coupon OLD expired on November 1, 2026 and is not applied.',
      ],
      [
        refusal('one', coupon({ code: 'ONE', maxRedemptions: 1, redemptions: 1 }))!,
        'The coupon ONE has been used up and is not applied.',
      ],
      [
        refusal('cyber', coupon({ code: 'CYBER', limitation: 'team' }))!,
        'The coupon CYBER is for the Team plan only and is not applied to this plan.',
      ],
    ];
    for (const [actual, expected] of table) assert.equal(actual, expected);
    // Nothing to say: no code asked for, a coupon that applies, a plan no coupon touches.
    assert.equal(refusal(null, null), null);
    assert.equal(refusal('  ', null), null);
    assert.equal(refusal('bf', coupon()), null);
    assert.equal(refusal('cyber', coupon({ limitation: 'pro' })), null);
    assert.equal(refusal('nope', null, plan({ product: 'free' })), null);
    assert.equal(refusal('nope', null, plan({ period: 'quarterly', purchasable: false })), null);
    assert.equal(
      couponRefusalFor(
        'one',
        coupon({ code: 'ONE', maxRedemptions: 1, redemptions: 1 }),
        plan(),
        now,
        title,
      )?.reason,
      'used-up',
    );
  });

  it('takes a percent off each month, an amount off the first cycle, only where it applies', () => {
    assert.deepEqual(cyclePrice(plan(), coupon()), {
      monthlyCents: 1600,
      totalCents: 19200,
      originalTotalCents: 24000,
      applied: true,
    });
    assert.equal(cyclePrice(plan(), coupon({ type: 'amount', discount: 3600 })).totalCents, 20400);
    assert.equal(cyclePrice(plan(), coupon({ limitation: 'team' })).applied, false);
    assert.equal(cyclePrice(plan({ purchasable: false }), coupon()).applied, false);
    assert.equal(
      cyclePrice(plan({ months: 1 }), coupon({ type: 'amount', discount: 99_999 })).totalCents,
      0,
    );
  });
});

describe('plan changes', () => {
  const pro = { accessLevel: 2, months: 1, extraSlots: 0, planId: 'pro-monthly' };
  it('upgrades now, downgrades and shortens at the period end, refuses the same plan', () => {
    assert.equal(changeTiming(pro, { ...pro, accessLevel: 3, planId: 'team-monthly' }), 'now');
    assert.equal(changeTiming(pro, { ...pro, months: 12, planId: 'pro-annual' }), 'now');
    assert.equal(
      changeTiming(pro, { ...pro, accessLevel: 1, planId: 'starter-monthly' }),
      'period-end',
    );
    assert.equal(changeTiming({ ...pro, months: 12, planId: 'pro-annual' }, pro), 'period-end');
    assert.equal(changeTiming(pro, pro), 'same');
    const team = { accessLevel: 3, months: 1, extraSlots: 2, planId: 'team-monthly' };
    assert.equal(changeTiming(team, { ...team, extraSlots: 3 }), 'now');
    assert.equal(changeTiming(team, { ...team, extraSlots: 1 }), 'period-end');
    // Fewer seats wait for the next billing date (§4), even with a longer period.
    assert.equal(
      changeTiming(team, { ...team, months: 12, extraSlots: 0, planId: 'team-annual' }),
      'period-end',
    );
  });

  it('prorates: the time left of the new price less the unused part of the old', () => {
    const start = new Date('2026-11-01T00:00:00Z');
    const end = addMonths(start, 1);
    const half = new Date((start.getTime() + end.getTime()) / 2);
    const same = prorate({
      now: half,
      periodStart: start,
      periodEnd: end,
      paidCents: 3500,
      oldMonths: 1,
      newMonths: 1,
      newCycleCents: 13500,
    });
    assert.equal(same.amountCents, 5000);
    assert.equal(same.periodEnd.getTime(), end.getTime());
    const longer = prorate({
      now: half,
      periodStart: start,
      periodEnd: end,
      paidCents: 3500,
      oldMonths: 1,
      newMonths: 12,
      newCycleCents: 24000,
    });
    assert.equal(longer.amountCents, 24000 - 1750);
    assert.equal(longer.periodEnd.getTime(), addMonths(half, 12).getTime());
  });
});

describe('ledger ordering', () => {
  const at = (iso: string) => new Date(iso);
  const current = {
    gateway: 'stripe' as const,
    externalId: 'sub_1',
    status: 'active' as const,
    stateAt: at('2026-11-25T10:00:00Z'),
  };
  it('writes newer states of the same subscription, keeps it against older ones', () => {
    assert.equal(snapshotDecision(null, current), 'write');
    assert.equal(
      snapshotDecision(current, { ...current, stateAt: at('2026-11-25T11:00:00Z') }),
      'write',
    );
    assert.equal(
      snapshotDecision(current, { ...current, stateAt: at('2026-11-25T09:00:00Z') }),
      'stale',
    );
  });
  it('lets another subscription replace the row only when newer and live, or the row ended', () => {
    const newer = at('2026-11-26T00:00:00Z');
    assert.equal(
      snapshotDecision(current, { ...current, externalId: 'sub_2', stateAt: newer }),
      'write',
    );
    assert.equal(
      snapshotDecision(current, {
        ...current,
        externalId: 'sub_0',
        status: 'canceled',
        stateAt: newer,
      }),
      'stale',
    );
    assert.equal(
      snapshotDecision(
        { ...current, status: 'expired' },
        { ...current, externalId: 'sub_0', status: 'canceled', stateAt: newer },
      ),
      'write',
    );
  });
});

describe('tracking data', () => {
  it('accepts a flat object of scalars up to 2 KB only', () => {
    assert.equal(trackingDataProblem({ a: 1, b: 'x', c: true, d: null }), null);
    assert.notEqual(trackingDataProblem({ a: { b: 1 } }), null);
    assert.notEqual(trackingDataProblem({ a: [1] }), null);
    assert.notEqual(trackingDataProblem({ a: Number.NaN }), null);
    assert.notEqual(trackingDataProblem([]), null);
    assert.notEqual(trackingDataProblem({ a: 'x'.repeat(2100) }), null);
  });
});
