import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PayablePeriod, PaymentMethodName, ProductName } from './catalog.js';
import { ACCESS_LEVELS } from './catalog.js';
import { planAction, type PlanActionCustomer } from './plan-action.js';
import { freeSubscription } from './subscription.js';

const product = (name: ProductName) => ({ name, access_level: ACCESS_LEVELS[name] });

function customer(
  name: ProductName,
  plan: PayablePeriod | 'free' = name === 'free' ? 'free' : 'annual',
  options: { method?: PaymentMethodName | null; team?: boolean; expired?: boolean } = {},
): PlanActionCustomer {
  return {
    isExpired: options.expired ?? false,
    teamSubscription: { teamPlanActive: options.team ?? false },
    subscription: {
      ...freeSubscription,
      state: options.expired ? 'expired' : name === 'free' ? 'free' : 'active',
      product: name,
      accessLevel: ACCESS_LEVELS[name],
      plan,
      isFree: name === 'free',
      paymentMethod:
        options.method === undefined ? (name === 'free' ? null : 'card') : options.method,
    },
  };
}

const kinds = (who: PlanActionCustomer | null, period: PayablePeriod) =>
  (['free', 'starter', 'pro', 'team'] as const).map((name) => {
    const action = planAction(product(name), period, who);
    return action.kind === 'upgrade' ? action.href : action.kind;
  });

describe('the plan buttons (§2)', () => {
  it('a free customer: Go to editor on free in both periods, /pay for every paid plan', () => {
    assert.deepEqual(kinds(customer('free'), 'annual'), [
      'editor',
      '/pay/annual/starter',
      '/pay/annual/pro',
      '/pay/annual/team',
    ]);
    assert.deepEqual(kinds(customer('free'), 'monthly'), [
      'editor',
      '/pay/monthly/starter',
      '/pay/monthly/pro',
      '/pay/monthly/team',
    ]);
  });

  it('a free customer with a card left by a failed 3-D Secure payment: /pay, never /upgrade (issue 29)', () => {
    assert.deepEqual(kinds(customer('free', 'free', { method: 'card' }), 'annual'), [
      'editor',
      '/pay/annual/starter',
      '/pay/annual/pro',
      '/pay/annual/team',
    ]);
  });

  it('a pro monthly card customer: editor on pro monthly, upgrades above and to annual, none below', () => {
    const who = customer('pro', 'monthly');
    assert.deepEqual(kinds(who, 'monthly'), [
      'none',
      'none',
      'editor',
      '/upgrade/card/monthly/team',
    ]);
    assert.deepEqual(kinds(who, 'annual'), [
      'none',
      'none',
      '/upgrade/card/annual/pro',
      '/upgrade/card/annual/team',
    ]);
  });

  it('a pro annual customer: no button for a shorter period', () => {
    const who = customer('pro', 'annual');
    assert.deepEqual(kinds(who, 'annual'), ['none', 'none', 'editor', '/upgrade/card/annual/team']);
    assert.deepEqual(kinds(who, 'monthly'), ['none', 'none', 'none', 'none']);
  });

  it('a paypal customer upgrades through /upgrade/paypal, one without a method through /pay', () => {
    const paypal = customer('starter', 'monthly', { method: 'paypal' });
    assert.deepEqual(kinds(paypal, 'monthly'), [
      'none',
      'editor',
      '/upgrade/paypal/monthly/pro',
      '/upgrade/paypal/monthly/team',
    ]);
    const none = customer('starter', 'monthly', { method: 'none' });
    assert.deepEqual(kinds(none, 'monthly').slice(2), ['/pay/monthly/pro', '/pay/monthly/team']);
    const removed = customer('starter', 'monthly', { method: null });
    assert.deepEqual(kinds(removed, 'monthly').slice(2), ['/pay/monthly/pro', '/pay/monthly/team']);
  });

  it('a team customer: editor on team, nothing else', () => {
    const who = customer('team', 'annual', { team: true });
    assert.deepEqual(kinds(who, 'annual'), ['none', 'none', 'none', 'editor']);
    assert.deepEqual(kinds(who, 'monthly'), ['none', 'none', 'none', 'none']);
  });

  it('a member of an active team plan: nothing below team, whatever their own plan', () => {
    const who = customer('free', 'free', { team: true });
    assert.deepEqual(kinds(who, 'annual'), ['editor', 'none', 'none', '/pay/annual/team']);
  });

  it('an expired plan counts as free and pays anew', () => {
    const who = customer('pro', 'annual', { expired: true, method: 'card' });
    assert.deepEqual(kinds(who, 'monthly'), [
      'editor',
      '/pay/monthly/starter',
      '/pay/monthly/pro',
      '/pay/monthly/team',
    ]);
  });

  it('a visitor: /pay for every paid plan (login comes first), nothing on free', () => {
    assert.deepEqual(kinds(null, 'annual'), [
      'none',
      '/pay/annual/starter',
      '/pay/annual/pro',
      '/pay/annual/team',
    ]);
  });

  it('keeps the coupon query', () => {
    assert.deepEqual(planAction(product('pro'), 'annual', customer('free'), { coupon: 'BF 20' }), {
      kind: 'upgrade',
      href: '/pay/annual/pro?coupon=BF%2020',
    });
    assert.deepEqual(
      planAction(product('team'), 'monthly', customer('pro', 'monthly'), { coupon: 'SPRING' }),
      { kind: 'upgrade', href: '/upgrade/card/monthly/team?coupon=SPRING' },
    );
    assert.deepEqual(planAction(product('pro'), 'annual', null, { coupon: '' }), {
      kind: 'upgrade',
      href: '/pay/annual/pro',
    });
  });
});
