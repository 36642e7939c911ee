import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SubscriptionRecord } from '../subscriptions/subscriptions.repository.js';
import {
  hasScheduledChange,
  isPremiumState,
  scheduledPlanOf,
  subscriptionState,
  subscriptionView,
} from './subscription-rules.js';

const now = new Date('2026-11-25T12:00:00Z');
const later = new Date('2026-12-25T12:00:00Z');
const earlier = new Date('2026-11-01T12:00:00Z');

function row(overrides: Partial<SubscriptionRecord> = {}): SubscriptionRecord {
  return {
    id: 'row',
    customerId: 'customer',
    gateway: 'sandbox-card',
    externalId: 'sub_sbx_1',
    planId: 'pro-monthly',
    status: 'active',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: later,
    extraSlots: 0,
    nextCycleSlots: null,
    scheduledPlanId: null,
    couponCode: null,
    paymentMethod: 'card',
    cardBrand: 'visa',
    cardLast4: '4242',
    paypalEmail: null,
    pastDueSince: null,
    attemptCount: 0,
    attemptLimit: 4,
    stateAt: earlier,
    ...overrides,
  };
}

const pro = {
  title: 'Pro',
  product: 'pro',
  accessLevel: 2,
  period: 'monthly',
  months: 1,
  periodCents: 3500,
} as const;

describe('subscription state (§4)', () => {
  it('is free without a subscription, and while the first payment waits for 3-D Secure', () => {
    assert.equal(subscriptionState(null, now), 'free');
    assert.equal(subscriptionState(row({ status: 'incomplete' }), now), 'free');
  });

  it('is active while paid, canceled until the period end, then expired', () => {
    assert.equal(subscriptionState(row(), now), 'active');
    assert.equal(subscriptionState(row({ cancelAtPeriodEnd: true }), now), 'canceled');
    assert.equal(subscriptionState(row({ status: 'canceled' }), now), 'canceled');
    assert.equal(
      subscriptionState(row({ cancelAtPeriodEnd: true, currentPeriodEnd: earlier }), now),
      'expired',
    );
    assert.equal(
      subscriptionState(row({ status: 'canceled', currentPeriodEnd: earlier }), now),
      'expired',
    );
    assert.equal(subscriptionState(row({ status: 'expired' }), now), 'expired');
  });

  it('is past due while the gateway retries, expired from the attempt limit on', () => {
    assert.equal(subscriptionState(row({ status: 'past_due', attemptCount: 3 }), now), 'past_due');
    assert.equal(subscriptionState(row({ status: 'past_due', attemptCount: 4 }), now), 'expired');
  });

  it('keeps the features while active, canceled before the end or past due', () => {
    assert.deepEqual(
      (['free', 'active', 'canceled', 'past_due', 'expired'] as const).map(isPremiumState),
      [false, true, true, true, false],
    );
  });
});

describe('subscription view (§3)', () => {
  it('shows the plan, the card and the next renewal of an active subscription', () => {
    const view = subscriptionView({ row: row(), plan: pro, pending: null, now });
    assert.equal(view.state, 'active');
    assert.equal(view.isActive, true);
    assert.equal(view.isCanceled, false);
    assert.equal(view.accessLevel, 2);
    assert.equal(view.planPrice, 35);
    assert.equal(view.endDate, later.toISOString());
    assert.deepEqual(view.card, { brand: 'visa', last4: '4242' });
    assert.equal(view.pastDue, null);
  });

  it('shows past due with its attempt limit, and expired with access level 0', () => {
    const pastDue = subscriptionView({
      row: row({ status: 'past_due', attemptCount: 1, pastDueSince: earlier }),
      plan: pro,
      pending: null,
      now,
    });
    assert.deepEqual(pastDue.pastDue, {
      planTitle: 'Pro',
      planPrice: 35,
      dueDate: earlier.toISOString(),
      attemptLimit: 4,
    });
    assert.equal(pastDue.accessLevel, 2);
    const expired = subscriptionView({
      row: row({ status: 'expired' }),
      plan: pro,
      pending: null,
      now,
    });
    assert.equal(expired.accessLevel, 0);
    assert.equal(expired.isFree, true);
    assert.equal(expired.isCanceled, true);
  });

  it('is the free subscription with the pending payment while 3-D Secure waits', () => {
    const payment = {
      id: 'pi_sbx_1',
      clientSecret: 'pi_sbx_1_secret_x',
      gateway: 'sandbox' as const,
      createdAt: now.toISOString(),
    };
    const view = subscriptionView({
      row: row({ status: 'incomplete' }),
      plan: pro,
      pending: { payment, plan: pro },
      now,
    });
    assert.equal(view.state, 'free');
    assert.equal(view.accessLevel, 0);
    assert.deepEqual(view.pending, {
      planName: 'Pro',
      payment,
      plan: 'monthly',
      product: 'pro',
      startsAt: null,
      planPrice: 35,
    });
  });

  const starterAnnual = {
    title: 'Starter',
    product: 'starter',
    accessLevel: 1,
    period: 'annual',
    months: 12,
    periodCents: 10800,
  } as const;

  it('shows a change scheduled for the period end as pending, with its start and price', () => {
    const view = subscriptionView({
      row: row({ scheduledPlanId: 'starter-annual' }),
      plan: pro,
      pending: null,
      scheduled: starterAnnual,
      now,
    });
    assert.equal(view.planTitle, 'Pro');
    assert.equal(view.renewalPrice, 108);
    assert.deepEqual(view.pending, {
      planName: 'Starter',
      payment: null,
      plan: 'annual',
      product: 'starter',
      startsAt: later.toISOString(),
      planPrice: 108,
    });
    // A canceled plan has no next period: nothing is pending.
    const canceled = subscriptionView({
      row: row({ scheduledPlanId: 'starter-annual', cancelAtPeriodEnd: true }),
      plan: pro,
      pending: null,
      scheduled: starterAnnual,
      now,
    });
    assert.equal(canceled.pending, null);
  });

  it('says which rows hold a change that still comes', () => {
    const active = 'active' as const;
    assert.equal(hasScheduledChange(row(), active), false);
    assert.equal(hasScheduledChange(row({ scheduledPlanId: 'pro-monthly' }), active), false);
    assert.equal(hasScheduledChange(row({ scheduledPlanId: 'starter-monthly' }), active), true);
    assert.equal(hasScheduledChange(row({ nextCycleSlots: 0 }), active), false);
    assert.equal(hasScheduledChange(row({ extraSlots: 2, nextCycleSlots: 1 }), active), true);
    assert.equal(
      hasScheduledChange(row({ scheduledPlanId: 'starter-monthly' }), 'canceled'),
      false,
    );
    assert.deepEqual(scheduledPlanOf(row({ extraSlots: 2, nextCycleSlots: 1 })), {
      planId: 'pro-monthly',
      extraSlots: 1,
    });
  });

  it('gives the cost paid this period (a first-cycle coupon taken off) and the regular one next', () => {
    const view = subscriptionView({
      row: row({ couponCode: 'SAVE15' }),
      plan: { ...pro, paidCents: 2975 },
      pending: null,
      now,
    });
    assert.equal(view.planPrice, 29.75);
    assert.equal(view.renewalPrice, 35);
  });
});
