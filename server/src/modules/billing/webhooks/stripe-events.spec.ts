import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type Stripe from 'stripe';
import { StripePriceMap } from '../gateways/stripe/stripe-mapping.js';
import { translateStripeEvent, type StripeEventContext } from './stripe-events.js';

const prices = new StripePriceMap({
  'pro-annual': 'price_pro_annual',
  'team-annual': 'price_team_annual',
  'team-slot-annual': 'price_slot_annual',
});

function subscription(overrides: Record<string, unknown> = {}): Stripe.Subscription {
  return {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    cancel_at_period_end: false,
    default_payment_method: null,
    metadata: {},
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          price: { id: 'price_team_annual' },
          quantity: 1,
          current_period_end: 1_900_000_000,
        },
        {
          id: 'si_2',
          price: { id: 'price_slot_annual' },
          quantity: 3,
          current_period_end: 1_900_000_000,
        },
      ],
    },
    ...overrides,
  } as unknown as Stripe.Subscription;
}

function event(type: string, object: unknown, created = 1_800_000_000): Stripe.Event {
  return {
    id: `evt_${type}`,
    object: 'event',
    type,
    created,
    data: { object },
  } as unknown as Stripe.Event;
}

const context = (fetched: Stripe.Subscription | null = null): StripeEventContext => ({
  prices,
  attemptLimit: 4,
  fetchSubscription: async () => fetched,
});

describe('translateStripeEvent', () => {
  it('a subscription event is its snapshot at the event time: plan, seats, period end', async () => {
    const translated = await translateStripeEvent(
      event('customer.subscription.updated', subscription()),
      context(),
    );
    assert.equal(translated.id, 'evt_customer.subscription.updated');
    assert.equal(translated.effect.kind, 'subscription');
    if (translated.effect.kind !== 'subscription') return;
    const s = translated.effect.subscription;
    assert.equal(s.planId, 'team-annual');
    assert.equal(s.extraSlots, 3);
    assert.equal(s.customerRef, 'cus_1');
    assert.equal(s.status, 'active');
    assert.equal(s.currentPeriodEnd?.getTime(), 1_900_000_000_000);
    assert.equal(s.stateAt.getTime(), 1_800_000_000_000);
    assert.equal(s.paymentMethod, null, 'an unexpanded card keeps the stored one');
  });

  it('a subscription event applies the subscription as Stripe holds it now, not its payload', async () => {
    // Events of one second carry no order: the payload may be older than another event's.
    const translated = await translateStripeEvent(
      event('customer.subscription.updated', subscription({ status: 'incomplete' })),
      context(subscription({ status: 'active' })),
    );
    assert.equal(
      translated.effect.kind === 'subscription' && translated.effect.subscription.status,
      'active',
    );
    assert.equal(
      translated.effect.kind === 'subscription' && translated.effect.subscription.stateAt.getTime(),
      1_800_000_000_000,
    );
  });

  it('renewal canceled is canceled; ended is expired; past due carries the attempt limit', async () => {
    const canceled = await translateStripeEvent(
      event('customer.subscription.updated', subscription({ cancel_at_period_end: true })),
      context(),
    );
    assert.equal(
      canceled.effect.kind === 'subscription' && canceled.effect.subscription.status,
      'canceled',
    );
    const ended = await translateStripeEvent(
      event('customer.subscription.deleted', subscription({ status: 'canceled' })),
      context(),
    );
    assert.equal(
      ended.effect.kind === 'subscription' && ended.effect.subscription.status,
      'expired',
    );
    const late = await translateStripeEvent(
      event('customer.subscription.updated', subscription({ status: 'past_due' })),
      context(),
    );
    assert.deepEqual(late.effect.kind === 'subscription' && late.effect.subscription.pastDue, {
      since: new Date(1_800_000_000_000),
      attemptCount: 1,
      attemptLimit: 4,
    });
  });

  it('the change waiting for the period end comes from the metadata the schedule keeps', async () => {
    const translated = await translateStripeEvent(
      event(
        'customer.subscription.updated',
        subscription({
          metadata: {
            animata_scheduled_plan: 'pro-annual',
            animata_next_cycle_slots: '0',
            animata_coupon: 'BLACKFRIDAY',
          },
        }),
      ),
      context(),
    );
    assert.ok(translated.effect.kind === 'subscription');
    assert.equal(translated.effect.subscription.scheduledPlanId, 'pro-annual');
    assert.equal(translated.effect.subscription.nextCycleSlots, 0);
    assert.equal(translated.effect.subscription.couponCode, 'BLACKFRIDAY');
  });

  it('keeps the coupon only while Stripe still applies its discount (the price paid, issue 29)', async () => {
    const coupon = { animata_coupon: 'SPRING' };
    const [applied, ended] = await Promise.all(
      [['di_1'], []].map((discounts) =>
        translateStripeEvent(
          event('customer.subscription.updated', subscription({ metadata: coupon, discounts })),
          context(),
        ),
      ),
    );
    assert.equal(
      applied!.effect.kind === 'subscription' && applied!.effect.subscription.couponCode,
      'SPRING',
    );
    assert.equal(
      ended!.effect.kind === 'subscription' && ended!.effect.subscription.couponCode,
      null,
    );
  });

  it('invoice.paid is a paid invoice of its subscription, with its lines and discount (issue 30)', async () => {
    const line = (
      id: string,
      price: string,
      amount: number,
      quantity: number,
      proration = false,
    ) => ({
      id,
      object: 'line_item',
      amount,
      quantity,
      description: `${quantity} × ${price}`,
      period: { start: 1_799_999_000, end: 1_831_535_000 },
      pricing: { type: 'price_details', price_details: { price } },
      parent: {
        type: 'subscription_item_details',
        subscription_item_details: { proration, subscription: 'sub_1' },
      },
    });
    const translated = await translateStripeEvent(
      event('invoice.paid', {
        id: 'in_1',
        object: 'invoice',
        customer: 'cus_1',
        number: 'ANIM-0001',
        currency: 'usd',
        subtotal: 180000,
        amount_paid: 144000,
        total_discount_amounts: [{ amount: 36000, discount: 'di_1' }],
        created: 1_799_999_000,
        status_transitions: { paid_at: 1_799_999_999 },
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1' } },
        lines: {
          object: 'list',
          data: [
            line('il_1', 'price_team_annual', 108000, 1),
            line('il_2', 'price_slot_annual', 72000, 2),
            line('il_3', 'price_unknown', 500, 1, true),
          ],
        },
      }),
      context(),
    );
    const start = new Date(1_799_999_000_000);
    const end = new Date(1_831_535_000_000);
    assert.deepEqual(translated.effect, {
      kind: 'invoice-paid',
      invoice: {
        gateway: 'stripe',
        externalId: 'in_1',
        customerRef: 'cus_1',
        subscriptionExternalId: 'sub_1',
        number: 'ANIM-0001',
        totalCents: 144000,
        paidAt: new Date(1_799_999_999_000),
        subtotalCents: 180000,
        discountCents: 36000,
        currency: 'usd',
        planId: 'team-annual',
        lines: [
          {
            kind: 'plan',
            description: '1 × price_team_annual',
            quantity: 1,
            amountCents: 108000,
            planId: 'team-annual',
            periodStart: start,
            periodEnd: end,
          },
          {
            kind: 'seats',
            description: '2 × price_slot_annual',
            quantity: 2,
            amountCents: 72000,
            planId: 'team-slot-annual',
            periodStart: start,
            periodEnd: end,
          },
          {
            kind: 'proration',
            description: '1 × price_unknown',
            quantity: 1,
            amountCents: 500,
            planId: null,
            periodStart: start,
            periodEnd: end,
          },
          {
            kind: 'coupon',
            description: 'Discount',
            quantity: 1,
            amountCents: -36000,
            planId: null,
            periodStart: null,
            periodEnd: null,
          },
        ],
      },
    });
  });

  it('invoice.payment_failed: the subscription Stripe holds, past due with the invoice attempts', async () => {
    const invoice = {
      id: 'in_2',
      object: 'invoice',
      customer: 'cus_1',
      attempt_count: 3,
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1' } },
    };
    const translated = await translateStripeEvent(
      event('invoice.payment_failed', invoice),
      context(subscription({ status: 'past_due' })),
    );
    assert.ok(translated.effect.kind === 'subscription');
    assert.equal(translated.effect.subscription.pastDue?.attemptCount, 3);
    const gone = await translateStripeEvent(
      event('invoice.payment_failed', invoice),
      context(null),
    );
    assert.equal(gone.effect.kind, 'none');
  });

  it('other events, and subscriptions to prices of no plan of ours, have no effect', async () => {
    for (const type of ['payment_intent.succeeded', 'customer.created', 'charge.refunded']) {
      assert.equal((await translateStripeEvent(event(type, {}), context())).effect.kind, 'none');
    }
    const foreign = subscription({
      items: {
        object: 'list',
        data: [{ id: 'si_x', price: { id: 'price_other' }, quantity: 1, current_period_end: 1 }],
      },
    });
    const translated = await translateStripeEvent(
      event('customer.subscription.created', foreign),
      context(),
    );
    assert.equal(translated.effect.kind, 'none');
  });
});
