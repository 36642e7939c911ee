import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { billingMessages, endpoints } from '@animata/contracts';
import Stripe from 'stripe';
import braintree from 'braintree';
import { PaymentReconciliation } from '../../src/modules/billing/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { BraintreeServer } from '../support/braintree-server.js';
import { newCustomer, newSessionCookie } from '../support/factories.js';
import { cookieCaller } from '../support/http-client.js';
import {
  seededStripeServer,
  stripeAppEnv,
  testStripePriceIds,
  type StripeServer,
} from '../support/stripe-server.js';

const BRAINTREE_KEYS = {
  merchantId: 'animata_merchant',
  publicKey: 'animata_public',
  privateKey: 'animata_private',
};

/**
 * Issue 28 item 1: payment attempts left open (a crash) are reconciled with the gateway: what
 * the gateway made is adopted, a second live subscription is cancelled and its charge refunded
 * through the SDK, and an attempt of which the gateway holds nothing is abandoned.
 */
describe('payment attempts: reconciling what a crash left open with Stripe and Braintree', () => {
  let app: TestApp;
  let stripe: StripeServer;
  let stripeUrl: string;
  let bt: BraintreeServer;
  let btUrl: string;

  before(async () => {
    stripe = seededStripeServer();
    stripeUrl = await stripe.start();
    bt = new BraintreeServer(BRAINTREE_KEYS, [
      { id: 'bt_pro_monthly', price: 35, billingFrequency: 1 },
    ]);
    btUrl = await bt.start();
    app = await startTestApp({
      web: false,
      env: {
        ...stripeAppEnv(stripeUrl, `whsec_${randomBytes(12).toString('hex')}`),
        BRAINTREE_MERCHANT_ID: BRAINTREE_KEYS.merchantId,
        BRAINTREE_PUBLIC_KEY: BRAINTREE_KEYS.publicKey,
        BRAINTREE_PRIVATE_KEY: BRAINTREE_KEYS.privateKey,
        BRAINTREE_API_URL: btUrl,
        BRAINTREE_PLAN_PRO_MONTHLY: 'bt_pro_monthly',
      },
    });
  });
  after(async () => {
    await app?.stop();
    await stripe?.stop();
    await bt?.stop();
  });

  const db = () => app.runtime.dataSource;

  async function paidCustomer(kind: 'card' | 'wallet') {
    const customer = await newCustomer(db());
    const call = cookieCaller(app, await newSessionCookie(app, customer.id));
    const paid = await call<{ message?: string }>(
      'POST',
      kind === 'card' ? endpoints.stripe.pay.path : endpoints.paypal.pay.path,
      kind === 'card'
        ? { plan: 'monthly', product: 'pro', source: 'pm_card_visa' }
        : { plan: 'monthly', product: 'pro', nonce: 'fake-paypal-billing-agreement-nonce' },
    );
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    assert.equal(paid.body.message, billingMessages.paymentSuccess);
    const row = (
      (await db().query(
        `SELECT s.external_id, c.stripe_customer_id, c.braintree_customer_id
           FROM subscriptions s JOIN customers c ON c.id = s.customer_id WHERE s.customer_id = $1`,
        [customer.id],
      )) as Array<{
        external_id: string;
        stripe_customer_id: string | null;
        braintree_customer_id: string | null;
      }>
    )[0]!;
    return { customer, call, row };
  }

  /** An attempt as a process killed mid-payment leaves it: open, with its gateway customer. */
  async function openAttempt(customerId: string, gateway: string, customerRef: string | null) {
    await db().query(
      `INSERT INTO payment_attempts
         (customer_id, gateway, product, plan_id, idempotency_key, customer_ref, created_at)
       VALUES ($1, $2, 'pro', 'pro-monthly', $3, $4, now() - interval '1 minute')`,
      [customerId, gateway, `pay-${randomBytes(8).toString('hex')}`, customerRef],
    );
  }

  const attemptStates = async (customerId: string) =>
    (
      (await db().query(
        `SELECT state FROM payment_attempts WHERE customer_id = $1 ORDER BY created_at`,
        [customerId],
      )) as Array<{ state: string }>
    ).map((row) => row.state);

  it('records the attempt of a payment, succeeded, with the gateway objects it made', async () => {
    const { customer, row } = await paidCustomer('card');
    const attempts = (await db().query(
      `SELECT state, gateway, plan_id, customer_ref, subscription_external_id, idempotency_key
         FROM payment_attempts WHERE customer_id = $1`,
      [customer.id],
    )) as Array<Record<string, string>>;
    assert.equal(attempts.length, 1);
    assert.equal(attempts[0]!.state, 'succeeded');
    assert.equal(attempts[0]!.gateway, 'stripe');
    assert.equal(attempts[0]!.plan_id, 'pro-monthly');
    assert.equal(attempts[0]!.customer_ref, row.stripe_customer_id);
    assert.equal(attempts[0]!.subscription_external_id, row.external_id);
    // The subscription create carried the attempt's key.
    const create = stripe.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/subscriptions' &&
        !r.replayed &&
        r.idempotencyKey === attempts[0]!.idempotency_key,
    );
    assert.ok(create, 'the create used the attempt key');
  });

  it('Stripe: keeps the tracked subscription, cancels a duplicate and refunds its charge', async () => {
    const { customer, call, row } = await paidCustomer('card');
    // What a double charge left at Stripe: a second paid subscription we never recorded.
    const sdk = new Stripe('sk_test_animata', {
      host: '127.0.0.1',
      port: new URL(stripeUrl).port,
      protocol: 'http',
    });
    const duplicate = await sdk.subscriptions.create({
      customer: row.stripe_customer_id!,
      items: [{ price: testStripePriceIds['pro-monthly']!, quantity: 1 }],
    });
    assert.equal(duplicate.status, 'active');
    await openAttempt(customer.id, 'stripe', row.stripe_customer_id);

    const counts = await app.app.get(PaymentReconciliation).run();
    assert.deepEqual(counts, { adopted: 1, abandoned: 0 });
    assert.equal(stripe.subscriptions.get(duplicate.id)?.status, 'canceled');
    assert.equal(stripe.subscriptions.get(row.external_id)?.status, 'active');
    const duplicateInvoice = stripe.invoices.get(String(duplicate.latest_invoice))!;
    const refunds = [...stripe.refunds.values()].filter(
      (r) => r.paymentIntent === duplicateInvoice.paymentIntent,
    );
    assert.equal(refunds.length, 1);
    assert.equal(refunds[0]!.amount, duplicateInvoice.total);
    assert.deepEqual(await attemptStates(customer.id), ['succeeded', 'succeeded']);
    const tracked = (await db().query(
      `SELECT external_id, status FROM subscriptions WHERE customer_id = $1`,
      [customer.id],
    )) as Array<{ external_id: string; status: string }>;
    assert.deepEqual(tracked, [{ external_id: row.external_id, status: 'active' }]);
    // A second run finds nothing left to do and refunds nothing twice.
    assert.deepEqual(await app.app.get(PaymentReconciliation).run(), {
      adopted: 0,
      abandoned: 0,
    });
    const again = await call<{ message: string }>('POST', endpoints.stripe.pay.path, {
      plan: 'monthly',
      product: 'pro',
      source: 'pm_card_visa',
    });
    assert.equal(again.status, 200, 'the retry of the same payment answers as it did');
    assert.equal(again.body.message, billingMessages.paymentSuccess);
  });

  it('Braintree: keeps the tracked subscription, cancels a duplicate and refunds its charge', async () => {
    const { customer, row } = await paidCustomer('wallet');
    const sdk = new braintree.BraintreeGateway({
      environment: new braintree.Environment(
        '127.0.0.1',
        new URL(btUrl).port,
        '',
        false,
        '127.0.0.1',
        new URL(btUrl).port,
      ),
      ...BRAINTREE_KEYS,
    });
    const token = bt.subscriptions.get(row.external_id)!.paymentMethodToken;
    const created = await sdk.subscription.create({
      paymentMethodToken: token,
      planId: 'bt_pro_monthly',
    });
    assert.ok(created.success);
    const duplicate = created.subscription;
    await openAttempt(customer.id, 'braintree', row.braintree_customer_id);

    assert.deepEqual(await app.app.get(PaymentReconciliation).run(), {
      adopted: 1,
      abandoned: 0,
    });
    assert.equal(bt.subscriptions.get(duplicate.id)?.status, 'Canceled');
    assert.equal(bt.subscriptions.get(row.external_id)?.status, 'Active');
    const charge = bt.subscriptions.get(duplicate.id)!.transactions[0]!;
    assert.deepEqual(
      bt.refunds.filter((r) => r.refundedTransactionId === charge.id).map((r) => r.amount),
      [charge.amount],
    );
    assert.deepEqual(await attemptStates(customer.id), ['succeeded', 'succeeded']);
  });

  it('adopts what the gateway made for an attempt we never recorded the end of', async () => {
    const customer = await newCustomer(db());
    const call = cookieCaller(app, await newSessionCookie(app, customer.id));
    // The first call dies after the gateway made the subscription: the ledger's write is lost.
    await db().query(
      `CREATE FUNCTION lose_write() RETURNS trigger AS $$
         BEGIN RAISE EXCEPTION 'killed before the commit'; END $$ LANGUAGE plpgsql`,
    );
    await db().query(
      `CREATE TRIGGER lose_write BEFORE INSERT ON subscriptions FOR EACH ROW
         EXECUTE FUNCTION lose_write()`,
    );
    try {
      const lost = await call('POST', endpoints.stripe.pay.path, {
        plan: 'monthly',
        product: 'pro',
        source: 'pm_card_visa',
      });
      assert.equal(lost.status, 500);
    } finally {
      await db().query(`DROP TRIGGER lose_write ON subscriptions`);
      await db().query(`DROP FUNCTION lose_write()`);
    }
    assert.deepEqual(await attemptStates(customer.id), ['open']);
    const paid = await call<{ message: string }>('POST', endpoints.stripe.pay.path, {
      plan: 'monthly',
      product: 'pro',
      source: 'pm_card_visa',
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    assert.equal(paid.body.message, billingMessages.paymentSuccess);
    assert.deepEqual(await attemptStates(customer.id), ['succeeded']);
    const ref = (
      (await db().query(`SELECT stripe_customer_id FROM customers WHERE id = $1`, [
        customer.id,
      ])) as Array<{ stripe_customer_id: string }>
    )[0]!.stripe_customer_id;
    const live = [...stripe.subscriptions.values()].filter(
      (s) => s.customer === ref && s.status === 'active',
    );
    assert.equal(live.length, 1, 'one subscription at Stripe');
    assert.equal(
      [...stripe.invoices.values()].filter((i) => i.customer === ref && i.status === 'paid').length,
      1,
      'one charge',
    );
  });

  it('abandons an open attempt of which the gateway holds nothing; the next payment starts afresh', async () => {
    const customer = await newCustomer(db());
    await openAttempt(customer.id, 'stripe', null);
    assert.deepEqual(await app.app.get(PaymentReconciliation).run(), {
      adopted: 0,
      abandoned: 1,
    });
    assert.deepEqual(await attemptStates(customer.id), ['abandoned']);
  });
});
