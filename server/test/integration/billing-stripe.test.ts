import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { PaymentDeclinedError } from '../../src/modules/billing/gateways/gateway.port.js';
import { GatewayException } from '../../src/modules/billing/gateways/gateway.exception.js';
import {
  createStripeClient,
  StripeCardGateway,
} from '../../src/modules/billing/gateways/stripe/stripe-card.gateway.js';
import {
  seededStripeServer,
  testStripePriceIds,
  type StripeServer,
} from '../support/stripe-server.js';

describe('StripeCardGateway: the official SDK against a server speaking the Stripe API', () => {
  let server: StripeServer;
  let gateway: StripeCardGateway;

  before(async () => {
    server = seededStripeServer();
    const apiUrl = await server.start();
    const settings = {
      secretKey: 'sk_test_animata',
      apiUrl,
      prices: testStripePriceIds,
      attemptLimit: 4,
    };
    // Our clock follows the server's, which the tests move on.
    gateway = new StripeCardGateway(settings, createStripeClient(settings), {
      now: () => new Date(server.now() * 1000),
    });
  });
  after(async () => {
    await server?.stop();
  });

  async function customerWith(card: string) {
    const id = randomUUID();
    const ref = await gateway.ensureCustomer({
      id,
      email: `${id}@example.com`,
      name: 'Ada',
      customerRef: null,
    });
    const attached = await gateway.attachCard(ref, card);
    return { ref, attached };
  }

  async function subscribe(
    ref: string,
    planId: string,
    extraSlots = 0,
    couponCode: string | null = null,
  ) {
    return gateway.createSubscription({
      customerRef: ref,
      planId,
      extraSlots,
      couponCode,
      paymentMethodRef: 'pm_card_visa',
      idempotencyKey: randomUUID(),
    });
  }

  it('creates a customer once per idempotency key and keeps a known one', async () => {
    const id = randomUUID();
    const customer = { id, email: `${id}@example.com`, name: 'Ada', customerRef: null };
    const first = await gateway.ensureCustomer(customer);
    const again = await gateway.ensureCustomer(customer);
    assert.equal(again, first, 'the idempotency key replays the first answer');
    assert.ok(server.requests.some((r) => r.path === '/v1/customers' && r.replayed));
    assert.equal(
      await gateway.ensureCustomer({ ...customer, customerRef: 'cus_known' }),
      'cus_known',
    );
    assert.equal(server.customers.get(first)?.metadata.animata_customer_id, id);
  });

  it('pays pro annual with a card: active, the invoice paid, the card on the snapshot', async () => {
    const { ref, attached } = await customerWith('pm_card_visa');
    assert.deepEqual(attached, { brand: 'visa', last4: '4242' });
    const result = await subscribe(ref, 'pro-annual');
    assert.equal(result.action, null);
    assert.equal(result.subscription.status, 'active');
    assert.equal(result.subscription.planId, 'pro-annual');
    assert.equal(result.subscription.customerRef, ref);
    assert.deepEqual(result.subscription.paymentMethod, {
      type: 'card',
      brand: 'visa',
      last4: '4242',
    });
    assert.equal(result.invoice?.totalCents, 24000);
    assert.equal(result.invoice?.subscriptionExternalId, result.subscription.externalId);
    const end = result.subscription.currentPeriodEnd!.getTime();
    const inAYear = Date.now() + 365 * 24 * 3600 * 1000;
    assert.ok(Math.abs(end - inAYear) < 2 * 24 * 3600 * 1000, 'the period ends in a year');
    // Every create carried an idempotency key.
    const creates = server.requests.filter(
      (r) =>
        r.method === 'POST' &&
        /^\/v1\/(customers|subscriptions|subscription_schedules)$/.test(r.path),
    );
    assert.ok(creates.every((r) => r.idempotencyKey !== null));
  });

  it('team with extra seats and a coupon: a seats item, the coupon on the first invoice', async () => {
    const { ref } = await customerWith('pm_card_visa');
    const result = await subscribe(ref, 'team-annual', 2, 'BLACKFRIDAY');
    assert.equal(result.subscription.extraSlots, 2);
    assert.equal(result.subscription.couponCode, 'BLACKFRIDAY');
    // (90 × 12 + 2 × 30 × 12) dollars, 20 % off
    assert.equal(result.invoice?.totalCents, Math.round((108000 + 72000) * 0.8));
  });

  it('an unknown coupon is refused in our codes, not as a payment', async () => {
    const { ref } = await customerWith('pm_card_visa');
    await assert.rejects(subscribe(ref, 'pro-annual', 0, 'NOPE'), (error: unknown) => {
      assert.ok(error instanceof GatewayException);
      assert.equal(error.code, 'GATEWAY_NOT_FOUND');
      return true;
    });
  });

  it('a declined card is refused when attached, with the provider message and decline code', async () => {
    const id = randomUUID();
    const ref = await gateway.ensureCustomer({
      id,
      email: `${id}@example.com`,
      name: 'Bo',
      customerRef: null,
    });
    await assert.rejects(gateway.attachCard(ref, 'pm_card_chargeDeclined'), (error: unknown) => {
      assert.ok(error instanceof PaymentDeclinedError);
      assert.equal(error.message, 'Your card was declined.');
      assert.equal(error.declineCode, 'generic_decline');
      return true;
    });
  });

  it('3-D Secure: requires_action with the client secret, then succeeded after the browser step', async () => {
    const { ref, attached } = await customerWith('pm_card_threeDSecure2Required');
    assert.deepEqual(attached, { brand: 'visa', last4: '3184' });
    const result = await subscribe(ref, 'pro-monthly');
    assert.equal(result.subscription.status, 'incomplete');
    assert.equal(result.invoice, null);
    assert.ok(result.action);
    assert.match(result.action.clientSecret, /^pi_.+_secret_/);
    const waiting = await gateway.retrievePayment(result.action.paymentIntentId);
    assert.deepEqual(waiting, {
      status: 'requires_action',
      subscriptionExternalId: result.subscription.externalId,
      error: null,
    });
    server.confirmPayment(result.action.paymentIntentId);
    const paid = await gateway.retrievePayment(result.action.paymentIntentId);
    assert.equal(paid.status, 'succeeded');
    assert.equal(paid.subscriptionExternalId, result.subscription.externalId);
    const after = await gateway.retrieveSubscription(result.subscription.externalId);
    assert.equal(after.status, 'active');
  });

  it('3-D Secure refused in the browser: failed with the provider message', async () => {
    const { ref } = await customerWith('pm_card_threeDSecure2Required');
    const result = await subscribe(ref, 'pro-monthly');
    server.confirmPayment(result.action!.paymentIntentId, 'fail');
    const failed = await gateway.retrievePayment(result.action!.paymentIntentId);
    assert.equal(failed.status, 'failed');
    assert.match(failed.error ?? '', /unable to authenticate/);
  });

  it('previews a new subscription with its coupon, and an upgrade prorated', async () => {
    const { ref } = await customerWith('pm_card_visa');
    const fresh = await gateway.previewChange({
      customerRef: ref,
      externalId: null,
      planId: 'pro-annual',
      extraSlots: 0,
      couponCode: 'BLACKFRIDAY',
    });
    assert.equal(fresh.amountCents, 19200);
    assert.equal(fresh.amountOriginalCents, 24000);

    const { subscription } = await subscribe(ref, 'pro-annual');
    server.advance(182 * 24 * 3600); // about half the year used
    const preview = await gateway.previewChange({
      customerRef: ref,
      externalId: subscription.externalId,
      planId: 'team-annual',
      extraSlots: 0,
      couponCode: null,
    });
    // (1080 − 240) dollars for the half year left: about 420 dollars
    assert.ok(
      preview.amountCents > 40000 && preview.amountCents < 44000,
      String(preview.amountCents),
    );
    assert.equal(preview.periodEnd.getTime(), subscription.currentPeriodEnd!.getTime());
  });

  it('upgrades pro → team now, prorated and paid at once', async () => {
    const { ref } = await customerWith('pm_card_visa');
    const { subscription } = await subscribe(ref, 'pro-annual');
    server.advance(91 * 24 * 3600);
    const result = await gateway.changeSubscription({
      externalId: subscription.externalId,
      planId: 'team-annual',
      extraSlots: 1,
      when: 'now',
      idempotencyKey: randomUUID(),
    });
    assert.equal(result.subscription.planId, 'team-annual');
    assert.equal(result.subscription.extraSlots, 1);
    assert.equal(result.subscription.status, 'active');
    assert.equal(result.action, null);
    assert.ok(
      result.invoice && result.invoice.totalCents > 0 && result.invoice.totalCents < 108000 + 36000,
    );
    assert.equal(
      result.subscription.currentPeriodEnd!.getTime(),
      subscription.currentPeriodEnd!.getTime(),
      'same interval: the period stays',
    );
  });

  it('a paid upgrade of a plan whose renewal was canceled renews again', async () => {
    const { ref } = await customerWith('pm_card_visa');
    const { subscription } = await subscribe(ref, 'pro-monthly');
    const canceled = await gateway.cancelAtPeriodEnd(subscription.externalId);
    assert.equal(canceled.cancelAtPeriodEnd, true);
    const result = await gateway.changeSubscription({
      externalId: subscription.externalId,
      planId: 'team-monthly',
      extraSlots: 0,
      when: 'now',
      idempotencyKey: randomUUID(),
    });
    assert.equal(result.subscription.planId, 'team-monthly');
    assert.equal(result.subscription.cancelAtPeriodEnd, false);
    assert.equal(result.subscription.status, 'active');
  });

  it('an upgrade that waits for 3-D Secure changes nothing until confirmed', async () => {
    const { ref } = await customerWith('pm_card_threeDSecure2Required');
    const first = await subscribe(ref, 'pro-monthly');
    server.confirmPayment(first.action!.paymentIntentId);
    const result = await gateway.changeSubscription({
      externalId: first.subscription.externalId,
      planId: 'team-monthly',
      extraSlots: 0,
      when: 'now',
      idempotencyKey: randomUUID(),
    });
    assert.ok(result.action);
    assert.equal(result.subscription.planId, 'pro-monthly');
    server.confirmPayment(result.action.paymentIntentId);
    assert.equal(
      (await gateway.retrieveSubscription(first.subscription.externalId)).planId,
      'team-monthly',
    );
  });

  it('downgrades at the period end through a schedule, then the next phase takes over', async () => {
    const { ref } = await customerWith('pm_card_visa');
    const { subscription } = await subscribe(ref, 'team-annual', 3);
    const result = await gateway.changeSubscription({
      externalId: subscription.externalId,
      planId: 'pro-annual',
      extraSlots: 0,
      when: 'period-end',
      idempotencyKey: randomUUID(),
    });
    assert.equal(
      result.subscription.planId,
      'team-annual',
      'nothing changes before the period end',
    );
    assert.equal(result.subscription.scheduledPlanId, 'pro-annual');
    assert.equal(result.subscription.nextCycleSlots, 0);
    assert.equal(result.invoice, null);

    // A second change before the period end replaces the scheduled one.
    const again = await gateway.changeSubscription({
      externalId: subscription.externalId,
      planId: 'team-annual',
      extraSlots: 1,
      when: 'period-end',
      idempotencyKey: randomUUID(),
    });
    assert.equal(again.subscription.scheduledPlanId, 'team-annual');
    assert.equal(again.subscription.nextCycleSlots, 1);

    server.advanceToPeriodEnd(subscription.externalId);
    const renewed = await gateway.retrieveSubscription(subscription.externalId);
    assert.equal(renewed.planId, 'team-annual');
    assert.equal(renewed.extraSlots, 1);
    assert.equal(renewed.scheduledPlanId, null);
    assert.equal(renewed.nextCycleSlots, null);
    assert.ok(renewed.currentPeriodEnd!.getTime() > subscription.currentPeriodEnd!.getTime());
  });

  it('cancels at the period end (also with a change scheduled), then the subscription ends', async () => {
    const { ref } = await customerWith('pm_card_visa');
    const { subscription } = await subscribe(ref, 'pro-monthly');
    await gateway.changeSubscription({
      externalId: subscription.externalId,
      planId: 'starter-monthly',
      extraSlots: 0,
      when: 'period-end',
      idempotencyKey: randomUUID(),
    });
    const canceled = await gateway.cancelAtPeriodEnd(subscription.externalId);
    assert.equal(canceled.status, 'canceled');
    assert.equal(canceled.cancelAtPeriodEnd, true);
    assert.equal(canceled.scheduledPlanId, null);
    assert.equal(canceled.currentPeriodEnd!.getTime(), subscription.currentPeriodEnd!.getTime());
    server.advanceToPeriodEnd(subscription.externalId);
    assert.equal((await gateway.retrieveSubscription(subscription.externalId)).status, 'expired');
  });

  it('resumes a canceled renewal before the end: cancel_at_period_end false, it renews', async () => {
    const { ref } = await customerWith('pm_card_visa');
    const { subscription } = await subscribe(ref, 'pro-monthly');
    await gateway.cancelAtPeriodEnd(subscription.externalId);
    const resumed = await gateway.resumeSubscription(subscription.externalId);
    assert.equal(resumed.status, 'active');
    assert.equal(resumed.cancelAtPeriodEnd, false);
    assert.equal(server.subscriptions.get(subscription.externalId)?.cancelAtPeriodEnd, false);
    server.advanceToPeriodEnd(subscription.externalId);
    const renewed = await gateway.retrieveSubscription(subscription.externalId);
    assert.equal(renewed.status, 'active');
    assert.ok(renewed.currentPeriodEnd!.getTime() > subscription.currentPeriodEnd!.getTime());
  });

  it('removes the payment method: detached, no default left', async () => {
    const { ref } = await customerWith('pm_card_visa');
    await gateway.removePaymentMethod(ref);
    assert.equal(server.customers.get(ref)?.defaultPaymentMethod, null);
    assert.equal([...server.paymentMethods.values()].filter((pm) => pm.customer === ref).length, 0);
  });

  it('an unknown subscription is GATEWAY_NOT_FOUND (404)', async () => {
    await assert.rejects(gateway.retrieveSubscription('sub_missing'), (error: unknown) => {
      assert.ok(error instanceof GatewayException);
      assert.equal(error.status, 404);
      return true;
    });
  });
});
