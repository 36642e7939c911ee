import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  BillingLedger,
  type BillingEvent,
  type InvoiceSnapshot,
  type SubscriptionSnapshot,
} from '../../src/modules/billing/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer } from '../support/factories.js';

describe('billing ledger: events applied once, in order, retried when early', () => {
  let app: TestApp;
  let ledger: BillingLedger;

  before(async () => {
    app = await startTestApp({ web: false });
    ledger = app.app.get(BillingLedger);
  });
  after(async () => {
    await app?.stop();
  });

  const db = () => app.runtime.dataSource;
  const id = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

  async function stripeCustomer() {
    const ref = id('cus');
    const customer = await newCustomer(db());
    await db().query(`UPDATE customers SET stripe_customer_id = $2 WHERE id = $1`, [
      customer.id,
      ref,
    ]);
    return { customer, ref };
  }

  function snapshot(ref: string, overrides: Partial<SubscriptionSnapshot> = {}) {
    return {
      gateway: 'stripe',
      externalId: `sub_${ref}`,
      customerRef: ref,
      planId: 'pro-annual',
      status: 'active',
      currentPeriodEnd: new Date('2027-11-25T00:00:00Z'),
      cancelAtPeriodEnd: false,
      extraSlots: 0,
      nextCycleSlots: null,
      scheduledPlanId: null,
      couponCode: null,
      paymentMethod: { type: 'card', brand: 'visa', last4: '4242' },
      pastDue: null,
      stateAt: new Date('2026-11-25T10:00:00Z'),
      ...overrides,
    } satisfies SubscriptionSnapshot;
  }

  const event = (snap: SubscriptionSnapshot, eventId = id('evt')): BillingEvent => ({
    gateway: snap.gateway,
    id: eventId,
    type: 'customer.subscription.updated',
    effect: { kind: 'subscription', subscription: snap },
  });

  const row = async (customerId: string) => {
    const rows: Array<{ status: string; plan_id: string; card_last4: string | null }> =
      await db().query(
        `SELECT status, plan_id, card_last4 FROM subscriptions WHERE customer_id = $1`,
        [customerId],
      );
    return rows[0] ?? null;
  };
  const eventCount = async (eventId: string) =>
    Number(
      (
        (await db().query(`SELECT count(*) AS n FROM billing_events WHERE event_id = $1`, [
          eventId,
        ])) as Array<{ n: string }>
      )[0]!.n,
    );

  it('applies an event once: a redelivery is a duplicate and changes nothing', async () => {
    const { customer, ref } = await stripeCustomer();
    const first = event(snapshot(ref));
    assert.equal(await ledger.applyEvent(first), 'applied');
    assert.deepEqual(await row(customer.id), {
      status: 'active',
      plan_id: 'pro-annual',
      card_last4: '4242',
    });
    // The same id again, now carrying another state: ignored.
    const again = {
      ...first,
      effect: {
        kind: 'subscription' as const,
        subscription: snapshot(ref, {
          status: 'canceled',
          stateAt: new Date('2026-11-26T00:00:00Z'),
        }),
      },
    };
    assert.equal(await ledger.applyEvent(again), 'duplicate');
    assert.equal((await row(customer.id))?.status, 'active');
    assert.equal(await eventCount(first.id), 1);
  });

  it('keeps the newer state when an older event arrives late, and records the late one', async () => {
    const { customer, ref } = await stripeCustomer();
    const newer = event(
      snapshot(ref, { status: 'past_due', stateAt: new Date('2026-12-01T00:00:00Z') }),
    );
    const older = event(
      snapshot(ref, { status: 'active', stateAt: new Date('2026-11-30T00:00:00Z') }),
    );
    assert.equal(await ledger.applyEvent(newer), 'applied');
    assert.equal(await ledger.applyEvent(older), 'stale');
    assert.equal((await row(customer.id))?.status, 'past_due');
    assert.equal(await eventCount(older.id), 1);
    assert.equal(await ledger.applyEvent(older), 'duplicate');
  });

  it('asks for a retry, recording nothing, when the customer is not known yet', async () => {
    const early = event(snapshot(id('cus_unknown')));
    assert.equal(await ledger.applyEvent(early), 'retry');
    assert.equal(await eventCount(early.id), 0);
  });

  it('retries an invoice whose subscription is not known yet, then records it once', async () => {
    const { customer, ref } = await stripeCustomer();
    const invoice: InvoiceSnapshot = {
      gateway: 'stripe',
      externalId: id('in'),
      customerRef: ref,
      subscriptionExternalId: `sub_later_${ref}`,
      number: 'ANI-0001',
      totalCents: 24000,
      paidAt: new Date('2026-11-25T10:00:00Z'),
      subtotalCents: 24000,
      discountCents: 0,
      currency: 'usd',
      planId: null,
      lines: [],
    };
    const paid: BillingEvent = {
      gateway: 'stripe',
      id: id('evt'),
      type: 'invoice.paid',
      effect: { kind: 'invoice-paid', invoice },
    };
    assert.equal(await ledger.applyEvent(paid), 'retry');
    assert.equal(await eventCount(paid.id), 0);
    assert.equal(
      await ledger.applySnapshot(snapshot(ref, { externalId: `sub_later_${ref}` })),
      'applied',
    );
    assert.equal(await ledger.applyEvent(paid), 'applied');
    assert.equal(await ledger.applyEvent(paid), 'duplicate');
    assert.equal(await ledger.recordInvoice(invoice), 'duplicate');
    const invoices: unknown[] = await db().query(`SELECT 1 FROM invoices WHERE customer_id = $1`, [
      customer.id,
    ]);
    assert.equal(invoices.length, 1);
  });

  it('applies one of two parallel deliveries of one event id', async () => {
    const { customer, ref } = await stripeCustomer();
    const one = event(snapshot(ref));
    const outcomes = await Promise.all([
      ledger.applyEvent(one),
      ledger.applyEvent(one),
      ledger.applyEvent(one),
    ]);
    assert.deepEqual(outcomes.sort(), ['applied', 'duplicate', 'duplicate']);
    assert.equal(await eventCount(one.id), 1);
    assert.equal((await row(customer.id))?.status, 'active');
  });

  it('lets a new subscription replace an ended one, but not an old ended one replace a live one', async () => {
    const { customer, ref } = await stripeCustomer();
    await ledger.applySnapshot(
      snapshot(ref, {
        externalId: `sub_old_${ref}`,
        status: 'expired',
        stateAt: new Date('2026-10-01T00:00:00Z'),
      }),
    );
    assert.equal(
      await ledger.applySnapshot(
        snapshot(ref, {
          externalId: `sub_new_${ref}`,
          planId: 'team-monthly',
          stateAt: new Date('2026-11-01T00:00:00Z'),
        }),
      ),
      'applied',
    );
    assert.equal(
      await ledger.applySnapshot(
        snapshot(ref, {
          externalId: `sub_old_${ref}`,
          status: 'canceled',
          stateAt: new Date('2026-11-02T00:00:00Z'),
        }),
      ),
      'stale',
    );
    assert.equal((await row(customer.id))?.plan_id, 'team-monthly');
  });

  it('keeps the stored payment method when a snapshot carries none', async () => {
    const { customer, ref } = await stripeCustomer();
    await ledger.applySnapshot(snapshot(ref));
    await ledger.applySnapshot(
      snapshot(ref, { paymentMethod: null, stateAt: new Date('2026-11-25T11:00:00Z') }),
    );
    assert.equal((await row(customer.id))?.card_last4, '4242');
  });
});
