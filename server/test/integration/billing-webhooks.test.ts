import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { billingMessages, endpoints } from '@animata/contracts';
import braintree from 'braintree';
import Stripe from 'stripe';
import { BillingLedger } from '../../src/modules/billing/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer } from '../support/factories.js';
import {
  seededStripeServer,
  stripeAppEnv,
  testStripePriceIds,
  type StripeServer,
} from '../support/stripe-server.js';

const WEBHOOK_SECRET = `whsec_${randomBytes(12).toString('hex')}`;
const BRAINTREE_KEYS = {
  merchantId: 'animata_merchant',
  publicKey: 'animata_public',
  privateKey: 'animata_private',
};
const stripe = new Stripe('sk_test_animata_webhooks');

/** A small seeded generator, so a failing order can be replayed (seed in the test name). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Delivery {
  eventId: string;
  body: string;
  signature: string | null;
  good: boolean;
  customer: number;
}

interface SubscriptionState {
  planId: string;
  status: 'active' | 'past_due' | 'canceled';
  cancelAtPeriodEnd: boolean;
  periodEnd: number;
  extraSlots: number;
  created: number;
}

const SEED = 18_1000;

describe(`billing webhooks: 1,000 Stripe events, redelivered, shuffled, 10 % forged (seed ${SEED})`, () => {
  let app: TestApp;
  let stripeServer: StripeServer;

  before(async () => {
    stripeServer = seededStripeServer();
    const apiUrl = await stripeServer.start();
    app = await startTestApp({
      web: false,
      env: {
        ...stripeAppEnv(apiUrl, WEBHOOK_SECRET),
        BRAINTREE_MERCHANT_ID: BRAINTREE_KEYS.merchantId,
        BRAINTREE_PUBLIC_KEY: BRAINTREE_KEYS.publicKey,
        BRAINTREE_PRIVATE_KEY: BRAINTREE_KEYS.privateKey,
        BRAINTREE_PLAN_PRO_MONTHLY: 'bt_pro_monthly',
      },
    });
  });
  after(async () => {
    await app?.stop();
    await stripeServer?.stop();
  });

  const db = () => app.runtime.dataSource;

  async function post(path: string, body: string, headers: Record<string, string>) {
    const response = await fetch(`${app.url}${path}`, { method: 'POST', body, headers });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const postStripe = (delivery: Pick<Delivery, 'body' | 'signature'>) =>
    post(endpoints.stripe.webhook.path, delivery.body, {
      'content-type': 'application/json; charset=utf-8',
      ...(delivery.signature !== null ? { 'stripe-signature': delivery.signature } : {}),
    });

  function subscriptionObject(
    customerRef: string,
    subscriptionId: string,
    state: SubscriptionState,
    deleted: boolean,
  ) {
    const plans = [
      {
        id: `si_${subscriptionId}_plan`,
        price: { id: testStripePriceIds[state.planId]! },
        quantity: 1,
        current_period_end: state.periodEnd,
      },
      ...(state.extraSlots > 0
        ? [
            {
              id: `si_${subscriptionId}_seats`,
              price: { id: testStripePriceIds[state.planId.replace('team-', 'team-slot-')]! },
              quantity: state.extraSlots,
              current_period_end: state.periodEnd,
            },
          ]
        : []),
    ];
    return {
      id: subscriptionId,
      object: 'subscription',
      customer: customerRef,
      status: deleted ? 'canceled' : state.status,
      cancel_at_period_end: state.cancelAtPeriodEnd,
      default_payment_method: null,
      metadata: {},
      items: { object: 'list', data: plans },
    };
  }

  it('applies each event once, keeps the newest state, refuses the forged ones, loses none', async () => {
    const next = random(SEED);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
    const PLANS = [
      'starter-monthly',
      'pro-monthly',
      'pro-annual',
      'team-monthly',
      'team-annual',
    ] as const;
    const CUSTOMERS = 100;
    const base = Math.floor(Date.now() / 1000) - 3600;

    const customers = await Promise.all(
      Array.from({ length: CUSTOMERS }, async (_, index) => {
        const customer = await newCustomer(db());
        const ref = `cus_wh${index}_${randomBytes(4).toString('hex')}`;
        // One in five gets its Stripe id only midway: its early events must wait, not vanish.
        const late = index % 5 === 0;
        if (!late) {
          await db().query(`UPDATE customers SET stripe_customer_id = $2 WHERE id = $1`, [
            customer.id,
            ref,
          ]);
        }
        return {
          id: customer.id,
          ref,
          late,
          subscriptionId: `sub_wh${index}_${randomBytes(4).toString('hex')}`,
        };
      }),
    );

    // 10 events a customer: created, updates, maybe deleted last, three paid invoices, and one
    // payment_intent.succeeded that has no effect of its own.
    const events: Array<{ id: string; customer: number; payload: Record<string, unknown> }> = [];
    const newest = new Map<number, { state: SubscriptionState; deleted: boolean }>();
    const invoicesOf = new Map<number, string[]>();
    customers.forEach((customer, index) => {
      let created = base + index;
      let state: SubscriptionState = {
        planId: pick(PLANS),
        status: 'active',
        cancelAtPeriodEnd: false,
        periodEnd: base + 30 * 24 * 3600,
        extraSlots: 0,
        created,
      };
      const deletedAtEnd = index % 3 === 0;
      const kinds = [
        'customer.subscription.created',
        ...Array<string>(4).fill('customer.subscription.updated'),
        deletedAtEnd ? 'customer.subscription.deleted' : 'customer.subscription.updated',
      ];
      for (const type of kinds) {
        created += 7;
        if (type !== 'customer.subscription.created') {
          const planId = pick(PLANS);
          state = {
            planId,
            status: pick(['active', 'active', 'past_due'] as const),
            cancelAtPeriodEnd: next() < 0.3,
            periodEnd: state.periodEnd + Math.floor(next() * 5) * 24 * 3600,
            extraSlots: planId.startsWith('team') ? Math.floor(next() * 8) : 0,
            created,
          };
        }
        const deleted = type === 'customer.subscription.deleted';
        const id = `evt_${randomBytes(10).toString('hex')}`;
        events.push({
          id,
          customer: index,
          payload: {
            id,
            object: 'event',
            type,
            created,
            api_version: '2026-10-28.endive',
            data: {
              object: subscriptionObject(customer.ref, customer.subscriptionId, state, deleted),
            },
          },
        });
        newest.set(index, { state, deleted });
      }
      const invoices: string[] = [];
      for (let n = 0; n < 3; n += 1) {
        const invoiceId = `in_${randomBytes(8).toString('hex')}`;
        invoices.push(invoiceId);
        const id = `evt_${randomBytes(10).toString('hex')}`;
        events.push({
          id,
          customer: index,
          payload: {
            id,
            object: 'event',
            type: 'invoice.paid',
            created: base + index + n * 13,
            data: {
              object: {
                id: invoiceId,
                object: 'invoice',
                customer: customer.ref,
                number: `ANIM-${index}-${n}`,
                amount_paid: 2000 + n,
                created: base + index,
                status: 'paid',
                status_transitions: { paid_at: base + index + n },
                parent: {
                  type: 'subscription_details',
                  subscription_details: { subscription: customer.subscriptionId },
                },
              },
            },
          },
        });
      }
      invoicesOf.set(index, invoices);
      const id = `evt_${randomBytes(10).toString('hex')}`;
      events.push({
        id,
        customer: index,
        payload: {
          id,
          object: 'event',
          type: 'payment_intent.succeeded',
          created: base + index,
          data: { object: { id: `pi_${index}`, object: 'payment_intent', status: 'succeeded' } },
        },
      });
    });
    assert.equal(events.length, 1000);

    // Each event delivered 1 to 5 times, signed as Stripe signs; then forged deliveries, 10 % of
    // all, of these events and of events never delivered well.
    const deliveries: Delivery[] = [];
    for (const event of events) {
      const body = JSON.stringify(event.payload);
      const copies = 1 + Math.floor(next() * 5);
      for (let copy = 0; copy < copies; copy += 1) {
        deliveries.push({
          eventId: event.id,
          body,
          signature: stripe.webhooks.generateTestHeaderString({
            payload: body,
            secret: WEBHOOK_SECRET,
          }),
          good: true,
          customer: event.customer,
        });
      }
    }
    const forgedOnly = new Set<string>();
    const forgedCount = Math.round(deliveries.length / 9); // 10 % of good + forged
    for (let n = 0; n < forgedCount; n += 1) {
      const event = pick(events);
      let body = JSON.stringify(event.payload);
      let eventId = event.id;
      if (n % 2 === 0) {
        // An event of its own, never delivered well: it must leave no trace.
        eventId = `evt_forged_${randomBytes(8).toString('hex')}`;
        forgedOnly.add(eventId);
        body = JSON.stringify({ ...event.payload, id: eventId });
      }
      const variant = n % 5;
      const signature =
        variant === 0
          ? stripe.webhooks.generateTestHeaderString({
              payload: body,
              secret: 'whsec_someone_else',
            })
          : variant === 1
            ? stripe.webhooks.generateTestHeaderString({
                payload: `${body} `,
                secret: WEBHOOK_SECRET,
              })
            : variant === 2
              ? stripe.webhooks.generateTestHeaderString({
                  payload: body,
                  secret: WEBHOOK_SECRET,
                  timestamp: Math.floor(Date.now() / 1000) - 301,
                })
              : variant === 3
                ? null
                : 't=1,v1=deadbeef';
      deliveries.push({ eventId, body, signature, good: false, customer: event.customer });
    }
    for (let i = deliveries.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
    }
    const forgedShare = deliveries.filter((d) => !d.good).length / deliveries.length;
    assert.ok(forgedShare > 0.09 && forgedShare < 0.11, String(forgedShare));

    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const waiting: Delivery[] = [];
    async function deliver(batch: Delivery[]) {
      let cursor = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (cursor < batch.length) {
            const delivery = batch[cursor++]!;
            const { status, body } = await postStripe(delivery);
            count(status);
            if (!delivery.good) {
              assert.equal(status, 400, `forged delivery of ${delivery.eventId}`);
              assert.equal(body.error, billingMessages.webhookSignatureInvalid);
            } else if (status === 503) {
              assert.equal(body.error, billingMessages.webhookRetry);
              waiting.push(delivery);
            } else assert.equal(status, 200, `${delivery.eventId}: ${JSON.stringify(body)}`);
          }
        }),
      );
    }

    const half = Math.floor(deliveries.length / 2);
    await deliver(deliveries.slice(0, half));
    const lateWaiting = waiting.filter((d) => customers[d.customer]!.late).length;
    assert.ok(lateWaiting > 0, 'events of customers not known yet were answered 503');
    // Midway: the late customers get their Stripe id (they paid in the meantime).
    for (const customer of customers.filter((c) => c.late)) {
      await db().query(`UPDATE customers SET stripe_customer_id = $2 WHERE id = $1`, [
        customer.id,
        customer.ref,
      ]);
    }
    await deliver(deliveries.slice(half));
    // Stripe redelivers what was not acknowledged until it is.
    for (let round = 0; waiting.length > 0; round += 1) {
      assert.ok(round < 10, `still refused after 10 rounds: ${waiting.length}`);
      const again = waiting.splice(0);
      await deliver(again);
    }
    assert.equal(statuses.get(500) ?? 0, 0);

    // Every event recorded once, none lost, no forged one.
    const recorded: Array<{ event_id: string }> = await db().query(
      `SELECT event_id FROM billing_events WHERE gateway = 'stripe'`,
    );
    const ids = new Set(recorded.map((r) => r.event_id));
    assert.equal(recorded.length, ids.size);
    for (const event of events) assert.ok(ids.has(event.id), `${event.id} lost`);
    for (const forged of forgedOnly) assert.ok(!ids.has(forged), `${forged} had an effect`);
    assert.equal(ids.size, 1000);

    // Each invoice exactly once.
    const invoices: Array<{ external_id: string; customer_id: string }> = await db().query(
      `SELECT external_id, customer_id FROM invoices WHERE gateway = 'stripe' AND customer_id = ANY($1)`,
      [customers.map((c) => c.id)],
    );
    assert.equal(invoices.length, CUSTOMERS * 3);
    customers.forEach((customer, index) => {
      const mine = invoices
        .filter((i) => i.customer_id === customer.id)
        .map((i) => i.external_id)
        .sort();
      assert.deepEqual(mine, [...invoicesOf.get(index)!].sort());
    });

    // Each subscription's row is its newest event's state.
    const rows: Array<{
      customer_id: string;
      external_id: string;
      plan_id: string;
      status: string;
      cancel_at_period_end: boolean;
      current_period_end: Date;
      extra_slots: number;
      state_at: Date;
    }> = await db().query(
      `SELECT customer_id, external_id, plan_id, status, cancel_at_period_end, current_period_end,
              extra_slots, state_at FROM subscriptions WHERE customer_id = ANY($1)`,
      [customers.map((c) => c.id)],
    );
    assert.equal(rows.length, CUSTOMERS);
    customers.forEach((customer, index) => {
      const row = rows.find((r) => r.customer_id === customer.id)!;
      const { state, deleted } = newest.get(index)!;
      const expectedStatus = deleted
        ? 'expired'
        : state.status === 'past_due'
          ? 'past_due'
          : state.cancelAtPeriodEnd
            ? 'canceled'
            : 'active';
      assert.deepEqual(
        {
          externalId: row.external_id,
          planId: row.plan_id,
          status: row.status,
          cancelAtPeriodEnd: row.cancel_at_period_end,
          periodEnd: row.current_period_end.getTime(),
          extraSlots: row.extra_slots,
          stateAt: row.state_at.getTime(),
        },
        {
          externalId: customer.subscriptionId,
          planId: state.planId,
          status: expectedStatus,
          cancelAtPeriodEnd: state.cancelAtPeriodEnd,
          periodEnd: state.periodEnd * 1000,
          extraSlots: state.extraSlots,
          stateAt: state.created * 1000,
        },
        `customer ${index}`,
      );
    });
  });

  it('invoice.payment_failed: past due with the attempts so far, from the subscription Stripe holds', async () => {
    const customer = await newCustomer(db());
    // The subscription lives on the local Stripe server; the event names only its invoice.
    const client = new Stripe('sk_test_animata', {
      host: new URL(stripeServerUrl()).hostname,
      port: new URL(stripeServerUrl()).port,
      protocol: 'http',
    });
    const ref = (await client.customers.create({ email: customer.email })).id;
    await db().query(`UPDATE customers SET stripe_customer_id = $2 WHERE id = $1`, [
      customer.id,
      ref,
    ]);
    await client.paymentMethods
      .attach('pm_card_visa', { customer: ref })
      .then((pm) =>
        client.customers.update(ref, { invoice_settings: { default_payment_method: pm.id } }),
      );
    const subscription = await client.subscriptions.create({
      customer: ref,
      items: [{ price: testStripePriceIds['pro-monthly']!, quantity: 1 }],
    });
    // Deliver what the server recorded so far (created, paid), then a failed renewal.
    for (const event of stripeServer.events.filter((e) =>
      JSON.stringify(e.data.object).includes(subscription.id),
    )) {
      const body = JSON.stringify(event);
      const { status } = await postStripe({
        body,
        signature: stripe.webhooks.generateTestHeaderString({
          payload: body,
          secret: WEBHOOK_SECRET,
        }),
      });
      assert.equal(status, 200, event.type);
    }
    stripeServer.subscriptions.get(subscription.id)!.status = 'past_due';
    const failed = {
      id: `evt_${randomBytes(8).toString('hex')}`,
      object: 'event',
      type: 'invoice.payment_failed',
      created: Math.floor(Date.now() / 1000) + 5,
      data: {
        object: {
          id: `in_${randomBytes(6).toString('hex')}`,
          object: 'invoice',
          customer: ref,
          attempt_count: 2,
          parent: {
            type: 'subscription_details',
            subscription_details: { subscription: subscription.id },
          },
        },
      },
    };
    const body = JSON.stringify(failed);
    const { status } = await postStripe({
      body,
      signature: stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: WEBHOOK_SECRET,
      }),
    });
    assert.equal(status, 200);
    const [row] = (await db().query(
      `SELECT status, attempt_count, attempt_limit, past_due_since FROM subscriptions WHERE customer_id = $1`,
      [customer.id],
    )) as Array<{
      status: string;
      attempt_count: number;
      attempt_limit: number;
      past_due_since: Date | null;
    }>;
    assert.equal(row?.status, 'past_due');
    assert.equal(row?.attempt_count, 2);
    assert.equal(row?.attempt_limit, 4);
    assert.ok(row?.past_due_since);
  });

  function stripeServerUrl(): string {
    return app.config.billing.stripe!.apiUrl!;
  }

  describe('Braintree notifications from the SDK', () => {
    const bt = new braintree.BraintreeGateway({
      environment: braintree.Environment.Sandbox,
      ...BRAINTREE_KEYS,
    });

    const postBraintree = (form: Record<string, string>) =>
      post(endpoints.paypal.webhook.path, new URLSearchParams(form).toString(), {
        'content-type': 'application/x-www-form-urlencoded',
      });

    async function braintreeSubscription() {
      const customer = await newCustomer(db());
      const ref = `bt_cus_${randomBytes(5).toString('hex')}`;
      const externalId = `bt_sub_${randomBytes(5).toString('hex')}`;
      await db().query(`UPDATE customers SET braintree_customer_id = $2 WHERE id = $1`, [
        customer.id,
        ref,
      ]);
      await app.app.get(BillingLedger).applySnapshot({
        gateway: 'braintree',
        externalId,
        customerRef: ref,
        planId: 'pro-monthly',
        status: 'active',
        currentPeriodEnd: new Date('2027-01-01T00:00:00Z'),
        cancelAtPeriodEnd: false,
        extraSlots: 0,
        nextCycleSlots: null,
        scheduledPlanId: null,
        couponCode: null,
        paymentMethod: { type: 'paypal', email: 'payer@example.com' },
        pastDue: null,
        stateAt: new Date(Date.now() - 60_000),
      });
      return { customer, externalId };
    }

    const stateOf = async (customerId: string) =>
      (
        (await db().query(
          `SELECT status, plan_id, paypal_email, attempt_count, current_period_end FROM subscriptions WHERE customer_id = $1`,
          [customerId],
        )) as Array<{
          status: string;
          plan_id: string;
          paypal_email: string;
          attempt_count: number;
          current_period_end: Date;
        }>
      )[0]!;

    it('applies each kind once (twice delivered), records the charge once, keeps plan and PayPal account', async () => {
      const { customer, externalId } = await braintreeSubscription();
      const kinds: Array<[braintree.WebhookNotificationKind, string]> = [
        ['subscription_went_past_due', 'past_due'],
        ['subscription_charged_unsuccessfully', 'past_due'],
        ['subscription_charged_successfully', 'active'],
        ['subscription_went_active', 'active'],
        ['subscription_canceled', 'expired'],
        ['subscription_expired', 'expired'],
      ];
      for (const [kind, status] of kinds) {
        const sample = (await bt.webhookTesting.sampleNotification(
          kind,
          externalId,
        )) as braintree.SampleNotification;
        const first = await postBraintree({
          bt_signature: sample.bt_signature,
          bt_payload: sample.bt_payload,
        });
        assert.equal(first.status, 200, `${kind}: ${JSON.stringify(first.body)}`);
        const second = await postBraintree({
          bt_signature: sample.bt_signature,
          bt_payload: sample.bt_payload,
        });
        assert.equal(second.status, 200, `${kind} again`);
        const row = await stateOf(customer.id);
        assert.equal(row.status, status, kind);
        assert.equal(row.plan_id, 'pro-monthly');
        assert.equal(row.paypal_email, 'payer@example.com');
        assert.equal(row.current_period_end.toISOString(), '2027-01-01T00:00:00.000Z');
      }
      const invoices = (await db().query(
        `SELECT external_id, total_cents FROM invoices WHERE customer_id = $1`,
        [customer.id],
      )) as Array<{ external_id: string; total_cents: number }>;
      assert.deepEqual(invoices, [{ external_id: externalId, total_cents: 4999 }]);
      const events = (await db().query(
        `SELECT count(*)::int AS n FROM billing_events WHERE gateway = 'braintree' AND event_id LIKE $1`,
        [`%:${externalId}:%`],
      )) as Array<{ n: number }>;
      assert.equal(events[0]!.n, kinds.length);
    });

    it('a bad signature is 400 with no effect; an unknown subscription is 503 until it exists', async () => {
      const { customer, externalId } = await braintreeSubscription();
      const sample = (await bt.webhookTesting.sampleNotification(
        'subscription_went_past_due',
        externalId,
      )) as braintree.SampleNotification;
      const forged = await postBraintree({
        bt_signature: `${BRAINTREE_KEYS.publicKey}|${'0'.repeat(40)}`,
        bt_payload: sample.bt_payload,
      });
      assert.equal(forged.status, 400);
      assert.equal(forged.body.error, billingMessages.webhookSignatureInvalid);
      assert.equal((await postBraintree({ bt_payload: sample.bt_payload })).status, 400);
      assert.equal((await stateOf(customer.id)).status, 'active');

      const unknown = (await bt.webhookTesting.sampleNotification(
        'subscription_went_active',
        'bt_sub_unknown',
      )) as braintree.SampleNotification;
      const early = await postBraintree({
        bt_signature: unknown.bt_signature,
        bt_payload: unknown.bt_payload,
      });
      assert.equal(early.status, 503);
    });
  });

  it('refuses a Stripe signature timestamped more than 300 s away, in the past or the future', async () => {
    const body = JSON.stringify({
      id: `evt_${randomBytes(8).toString('hex')}`,
      object: 'event',
      type: 'ping',
      created: 1,
      data: { object: {} },
    });
    const now = Math.floor(Date.now() / 1000);
    const signedAt = (timestamp: number) =>
      post(endpoints.stripe.webhook.path, body, {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({
          payload: body,
          secret: WEBHOOK_SECRET,
          timestamp,
        }),
      });
    for (const [offset, status] of [
      [86_400, 400],
      [301, 400],
      [-301, 400],
      [250, 200],
      [-250, 200],
    ] as const) {
      const answer = await signedAt(now + offset);
      assert.equal(answer.status, status, `signed ${offset} s from now`);
      if (status === 400) assert.equal(answer.body.error, billingMessages.webhookSignatureInvalid);
    }
  });

  it('a Stripe webhook needs no session and passes the origin check; JSON elsewhere parses as before', async () => {
    const body = JSON.stringify({
      id: 'evt_x',
      object: 'event',
      type: 'ping',
      created: 1,
      data: { object: {} },
    });
    const forged = await post(endpoints.stripe.webhook.path, body, {
      'content-type': 'application/json',
      origin: 'https://hooks.stripe.example',
      'stripe-signature': 't=1,v1=00',
    });
    assert.equal(forged.status, 400, 'refused for its signature, not its origin');
    const signed = await post(endpoints.stripe.webhook.path, body, {
      'content-type': 'application/json',
      origin: 'https://hooks.stripe.example',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: WEBHOOK_SECRET,
      }),
    });
    assert.deepEqual(signed, { status: 200, body: { received: true } });
    const prices = await fetch(`${app.url}${endpoints.pricing.prices.path}`);
    assert.equal(prices.status, 200);
    const huge = await post(
      endpoints.stripe.webhook.path,
      JSON.stringify({ pad: 'x'.repeat(app.config.jsonBodyLimitBytes) }),
      {
        'content-type': 'application/json',
        'stripe-signature': 't=1,v1=00',
      },
    );
    assert.equal(huge.status, 413);
  });
});
