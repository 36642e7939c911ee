import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { PaymentDeclinedError } from '../../src/modules/billing/gateways/gateway.port.js';
import { GatewayException } from '../../src/modules/billing/gateways/gateway.exception.js';
import {
  BraintreeWalletGateway,
  createBraintreeClient,
  type BraintreeSettings,
} from '../../src/modules/billing/gateways/braintree/braintree-wallet.gateway.js';
import { billingMessages, endpoints } from '@animata/contracts';
import braintree from 'braintree';
import { startTestApp, type TestApp } from '../support/app.js';
import { BraintreeServer } from '../support/braintree-server.js';
import { newCustomer, newSessionCookie } from '../support/factories.js';
import { cookieCaller } from '../support/http-client.js';

const KEYS = {
  merchantId: 'animata_merchant',
  publicKey: 'animata_public',
  privateKey: 'animata_private',
};

describe('BraintreeWalletGateway: the official SDK against a server speaking the Braintree API', () => {
  let server: BraintreeServer;
  let gateway: BraintreeWalletGateway;

  before(async () => {
    server = new BraintreeServer(KEYS, [
      { id: 'bt_pro_monthly', price: 35, billingFrequency: 1 },
      { id: 'bt_team_monthly', price: 135, billingFrequency: 1 },
      { id: 'bt_team_slot_monthly', price: 45, billingFrequency: 1 },
      { id: 'bt_pro_annual', price: 240, billingFrequency: 12 },
    ]);
    const apiUrl = await server.start();
    const settings: BraintreeSettings = {
      ...KEYS,
      environment: 'sandbox',
      apiUrl,
      planIds: {
        'pro-monthly': 'bt_pro_monthly',
        'team-monthly': 'bt_team_monthly',
        'team-slot-monthly': 'bt_team_slot_monthly',
        'pro-annual': 'bt_pro_annual',
      },
      attemptLimit: 4,
    };
    gateway = new BraintreeWalletGateway(settings, createBraintreeClient(settings), {
      now: () => new Date(Date.now() + server.clockOffset()),
    });
  });
  after(async () => {
    await server?.stop();
  });

  async function payer() {
    const id = randomUUID();
    const ref = await gateway.ensureCustomer({
      id,
      email: `${id}@example.com`,
      name: 'Ada',
      customerRef: null,
    });
    const vaulted = await gateway.vaultNonce(ref, 'fake-paypal-billing-agreement-nonce');
    return { id, ref, vaulted };
  }

  const subscribe = (
    token: string,
    ref: string,
    planId: string,
    extraSlots = 0,
    idempotencyKey = randomUUID(),
  ) =>
    gateway.createSubscription({
      customerRef: ref,
      planId,
      extraSlots,
      couponCode: null,
      paymentMethodRef: token,
      idempotencyKey,
    });

  it('creates the customer once, vaults the billing-agreement nonce as the default PayPal account', async () => {
    const id = randomUUID();
    const customer = { id, email: `${id}@example.com`, name: 'Ada', customerRef: null };
    const ref = await gateway.ensureCustomer(customer);
    assert.equal(await gateway.ensureCustomer(customer), ref, 'a retry finds the first');
    const vaulted = await gateway.vaultNonce(ref, 'fake-paypal-billing-agreement-nonce');
    assert.equal(vaulted.email, 'payer@example.com');
    assert.ok(server.paymentMethods.get(vaulted.token)?.isDefault);
  });

  it('a one-time nonce cannot be vaulted: a declined payment with the wallet message', async () => {
    const id = randomUUID();
    const ref = await gateway.ensureCustomer({
      id,
      email: `${id}@example.com`,
      name: 'Bo',
      customerRef: null,
    });
    await assert.rejects(
      gateway.vaultNonce(ref, 'fake-paypal-one-time-nonce'),
      (error: unknown) => {
        assert.ok(error instanceof PaymentDeclinedError);
        assert.equal(error.message, 'Payment failed. Please check your Paypal Account!');
        assert.equal(error.declineCode, '82902');
        return true;
      },
    );
  });

  it('subscribes pro monthly: active, charged, the PayPal account on the snapshot; a retry makes no second', async () => {
    const { ref, vaulted } = await payer();
    const key = randomUUID();
    const result = await subscribe(vaulted.token, ref, 'pro-monthly', 0, key);
    assert.equal(result.subscription.status, 'active');
    assert.equal(result.subscription.planId, 'pro-monthly');
    assert.deepEqual(result.subscription.paymentMethod, {
      type: 'paypal',
      email: 'payer@example.com',
    });
    assert.equal(result.invoice?.totalCents, 3500);
    assert.ok(result.subscription.currentPeriodEnd);
    const again = await subscribe(vaulted.token, ref, 'pro-monthly', 0, key);
    assert.equal(again.subscription.externalId, result.subscription.externalId);
    assert.equal(server.subscriptions.size >= 1, true);
  });

  it('team with seats: the seat add-on with its quantity, charged with the plan', async () => {
    const { ref, vaulted } = await payer();
    const result = await subscribe(vaulted.token, ref, 'team-monthly', 2);
    assert.equal(result.subscription.extraSlots, 2);
    assert.equal(result.invoice?.totalCents, 13500 + 2 * 4500);
  });

  it('previews and upgrades pro → team now, prorated; a period-end change is refused', async () => {
    const { ref, vaulted } = await payer();
    const { subscription } = await subscribe(vaulted.token, ref, 'pro-monthly');
    const fresh = await gateway.previewChange({
      customerRef: ref,
      externalId: null,
      planId: 'team-monthly',
      extraSlots: 1,
      couponCode: null,
    });
    assert.equal(fresh.amountCents, 13500 + 4500);
    server.advance(14 * 24 * 3600 * 1000);
    const preview = await gateway.previewChange({
      customerRef: ref,
      externalId: subscription.externalId,
      planId: 'team-monthly',
      extraSlots: 0,
      couponCode: null,
    });
    assert.ok(preview.amountCents > 0 && preview.amountCents < 10000, String(preview.amountCents));
    const upgraded = await gateway.changeSubscription({
      externalId: subscription.externalId,
      planId: 'team-monthly',
      extraSlots: 1,
      when: 'now',
      idempotencyKey: randomUUID(),
    });
    assert.equal(upgraded.subscription.planId, 'team-monthly');
    assert.equal(upgraded.subscription.extraSlots, 1);
    assert.ok(
      upgraded.invoice &&
        upgraded.invoice.totalCents > 0 &&
        upgraded.invoice.totalCents < 13500 + 4500,
    );
    await assert.rejects(
      gateway.changeSubscription({
        externalId: subscription.externalId,
        planId: 'pro-monthly',
        extraSlots: 0,
        when: 'period-end',
        idempotencyKey: randomUUID(),
      }),
      (error: unknown) => error instanceof GatewayException && error.status === 422,
    );
  });

  it('cancels at the period end: canceled until then, expired after', async () => {
    const { ref, vaulted } = await payer();
    const { subscription } = await subscribe(vaulted.token, ref, 'pro-monthly');
    const canceled = await gateway.cancelAtPeriodEnd(subscription.externalId);
    assert.equal(canceled.status, 'canceled');
    assert.equal(canceled.cancelAtPeriodEnd, true);
    server.advanceToPeriodEnd(subscription.externalId);
    assert.equal((await gateway.retrieveSubscription(subscription.externalId)).status, 'expired');
  });

  it('resumes a canceled renewal: it never expires again and renews at the period end', async () => {
    const { ref, vaulted } = await payer();
    const { subscription } = await subscribe(vaulted.token, ref, 'pro-monthly');
    await gateway.cancelAtPeriodEnd(subscription.externalId);
    const resumed = await gateway.resumeSubscription(subscription.externalId);
    assert.equal(resumed.status, 'active');
    assert.equal(resumed.cancelAtPeriodEnd, false);
    assert.equal(server.subscriptions.get(subscription.externalId)?.neverExpires, true);
    server.advanceToPeriodEnd(subscription.externalId);
    const renewed = await gateway.retrieveSubscription(subscription.externalId);
    assert.equal(renewed.status, 'active');
    assert.ok(renewed.currentPeriodEnd!.getTime() > subscription.currentPeriodEnd!.getTime());
  });

  it('a canceled plan upgraded with a new PayPal account is charged to it and renews again', async () => {
    const { ref, vaulted } = await payer();
    const { subscription } = await subscribe(vaulted.token, ref, 'pro-monthly');
    await gateway.cancelAtPeriodEnd(subscription.externalId);
    const second = await gateway.vaultNonce(ref, 'fake-paypal-billing-agreement-nonce');
    assert.notEqual(second.token, vaulted.token);
    const upgraded = await gateway.changeSubscription({
      externalId: subscription.externalId,
      planId: 'team-monthly',
      extraSlots: 0,
      when: 'now',
      idempotencyKey: randomUUID(),
      paymentMethodRef: second.token,
    });
    assert.equal(upgraded.subscription.status, 'active');
    assert.equal(upgraded.subscription.cancelAtPeriodEnd, false);
    assert.equal(
      server.subscriptions.get(subscription.externalId)?.paymentMethodToken,
      second.token,
    );
    server.advanceToPeriodEnd(subscription.externalId);
    assert.equal((await gateway.retrieveSubscription(subscription.externalId)).status, 'active');
  });

  it('removes the PayPal account; an unknown subscription is GATEWAY_NOT_FOUND; a client token', async () => {
    const { ref, vaulted } = await payer();
    await gateway.removePaymentMethod(ref);
    assert.equal(server.paymentMethods.has(vaulted.token), false);
    await assert.rejects(
      gateway.retrieveSubscription('missing'),
      (error: unknown) => error instanceof GatewayException && error.status === 404,
    );
    const token = (await gateway.clientToken()) ?? '';
    assert.ok(token.length > 20);
    // The open pricing call hands the same token out for a while instead of asking each time.
    const asked = () => server.requests.filter((r) => r.path.endsWith('client_token')).length;
    const before = asked();
    assert.ok(before >= 1);
    assert.equal(await gateway.clientToken(), token);
    assert.equal(asked(), before);
  });
});

describe('wallet checkout through BraintreeWalletGateway: the app, the SDK and the local Braintree server', () => {
  let server: BraintreeServer;
  let app: TestApp;

  before(async () => {
    server = new BraintreeServer(KEYS, [
      { id: 'bt_pro_monthly', price: 35, billingFrequency: 1 },
      { id: 'bt_pro_annual', price: 240, billingFrequency: 12 },
    ]);
    app = await startTestApp({
      web: false,
      env: {
        BRAINTREE_MERCHANT_ID: KEYS.merchantId,
        BRAINTREE_PUBLIC_KEY: KEYS.publicKey,
        BRAINTREE_PRIVATE_KEY: KEYS.privateKey,
        BRAINTREE_API_URL: await server.start(),
        BRAINTREE_PLAN_PRO_MONTHLY: 'bt_pro_monthly',
        BRAINTREE_PLAN_PRO_ANNUAL: 'bt_pro_annual',
      },
    });
  });
  after(async () => {
    await app?.stop();
    await server?.stop();
  });

  const db = () => app.runtime.dataSource;
  const rowOf = async (customerId: string) =>
    (
      (await db().query(
        `SELECT gateway, external_id, plan_id, status, cancel_at_period_end, paypal_email
         FROM subscriptions WHERE customer_id = $1`,
        [customerId],
      )) as Array<Record<string, unknown>>
    )[0];

  it('pays pro annual with the billing-agreement nonce; a notification then moves it; cancel keeps it until the end', async () => {
    const customer = await newCustomer(db());
    const call = cookieCaller(app, await newSessionCookie(app, customer.id));
    const paid = await call('POST', endpoints.paypal.pay.path, {
      plan: 'annual',
      product: 'pro',
      nonce: 'fake-paypal-billing-agreement-nonce',
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    const row = await rowOf(customer.id);
    assert.equal(row?.gateway, 'braintree');
    assert.equal(row?.plan_id, 'pro-annual');
    assert.equal(row?.status, 'active');
    assert.equal(row?.paypal_email, 'payer@example.com');
    assert.ok(server.subscriptions.has(String(row?.external_id)));

    const bt = new braintree.BraintreeGateway({
      environment: braintree.Environment.Sandbox,
      ...KEYS,
    });
    const sample = (await bt.webhookTesting.sampleNotification(
      'subscription_went_past_due',
      String(row?.external_id),
    )) as braintree.SampleNotification;
    const hook = await fetch(`${app.url}${endpoints.paypal.webhook.path}`, {
      method: 'POST',
      body: new URLSearchParams({
        bt_signature: sample.bt_signature,
        bt_payload: sample.bt_payload,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(hook.status, 200);
    assert.equal((await rowOf(customer.id))?.status, 'past_due');

    const went = (await bt.webhookTesting.sampleNotification(
      'subscription_went_active',
      String(row?.external_id),
    )) as braintree.SampleNotification;
    await fetch(`${app.url}${endpoints.paypal.webhook.path}`, {
      method: 'POST',
      body: new URLSearchParams({
        bt_signature: went.bt_signature,
        bt_payload: went.bt_payload,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const canceled = await call('POST', endpoints.paypal.cancelSubscription.path, {
      reason: { code: 2 },
    });
    assert.equal(canceled.status, 200, JSON.stringify(canceled.body));
    const after = await rowOf(customer.id);
    assert.equal(after?.cancel_at_period_end, true);
    const remote = server.subscriptions.get(String(row?.external_id));
    assert.equal(remote?.neverExpires, false);
    assert.equal(remote?.numberOfBillingCycles, remote?.currentBillingCycle);

    // Resumed before the end (issue 30): the subscription renews again, here and at Braintree.
    const resumed = await call<{ endDate: string }>(
      'POST',
      endpoints.paypal.resumeSubscription.path,
    );
    assert.equal(resumed.status, 200, JSON.stringify(resumed.body));
    const back = await rowOf(customer.id);
    assert.equal(back?.cancel_at_period_end, false);
    assert.equal(back?.status, 'active');
    assert.equal(server.subscriptions.get(String(row?.external_id))?.neverExpires, true);
    // A renewal that is not canceled cannot be resumed.
    const again = await call('POST', endpoints.paypal.resumeSubscription.path);
    assert.equal(again.status, 409);
  });

  it('a one-time nonce cannot pay a subscription: the wallet message, nothing stored', async () => {
    const customer = await newCustomer(db());
    const call = cookieCaller(app, await newSessionCookie(app, customer.id));
    const paid = await call<{ error?: string }>('POST', endpoints.paypal.pay.path, {
      plan: 'monthly',
      product: 'pro',
      nonce: 'fake-paypal-one-time-nonce',
    });
    assert.ok(
      paid.status >= 400 && paid.status < 500,
      `${paid.status} ${JSON.stringify(paid.body)}`,
    );
    assert.equal(paid.body.error, billingMessages.walletFailed);
    assert.equal(await rowOf(customer.id), undefined);
  });
});
