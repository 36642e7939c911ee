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
import { BraintreeServer } from '../support/braintree-server.js';

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

  it('a one-time nonce cannot be vaulted: refused in our codes', async () => {
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
        assert.ok(error instanceof GatewayException || error instanceof PaymentDeclinedError);
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

  it('removes the PayPal account; an unknown subscription is GATEWAY_NOT_FOUND; a client token', async () => {
    const { ref, vaulted } = await payer();
    await gateway.removePaymentMethod(ref);
    assert.equal(server.paymentMethods.has(vaulted.token), false);
    await assert.rejects(
      gateway.retrieveSubscription('missing'),
      (error: unknown) => error instanceof GatewayException && error.status === 404,
    );
    assert.ok(((await gateway.clientToken()) ?? '').length > 20);
  });
});
