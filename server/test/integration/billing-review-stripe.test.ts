import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { billingMessages, endpoints } from '@animata/contracts';
import Stripe from 'stripe';
import { randomBytes } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newSessionCookie } from '../support/factories.js';
import { cookieCaller } from '../support/http-client.js';
import { seededStripeServer, stripeAppEnv, type StripeServer } from '../support/stripe-server.js';

const WEBHOOK_SECRET = `whsec_${randomBytes(12).toString('hex')}`;
const signer = new Stripe('sk_test_signer');

/** The review of issue 18 against the local Stripe server: money that needs 3-D Secure. */
describe('billing review through StripeCardGateway: an upgrade waiting for 3-D Secure', () => {
  let app: TestApp;
  let stripe: StripeServer;

  before(async () => {
    stripe = seededStripeServer();
    const apiUrl = await stripe.start();
    app = await startTestApp({
      web: false,
      env: {
        ...stripeAppEnv(apiUrl, WEBHOOK_SECRET),
      },
    });
  });
  after(async () => {
    await app?.stop();
    await stripe?.stop();
  });

  const db = () => app.runtime.dataSource;
  const planOf = async (customerId: string) =>
    (
      (await db().query(`SELECT plan_id, status FROM subscriptions WHERE customer_id = $1`, [
        customerId,
      ])) as Array<{ plan_id: string; status: string }>
    )[0];

  it('answers the payment to confirm, not a success, and upgrades only after handle3ds', async () => {
    const customer = await newCustomer(db());
    const call = cookieCaller(app, await newSessionCookie(app, customer.id));
    const paid = await call<{ payment?: { id: string } }>('POST', endpoints.stripe.pay.path, {
      plan: 'monthly',
      product: 'pro',
      source: 'pm_card_threeDSecure2Required',
    });
    assert.ok(paid.body.payment, JSON.stringify(paid.body));
    stripe.confirmPayment(paid.body.payment.id);
    const first = await call('POST', endpoints.stripe.handle3ds.path, {
      paymentIntentId: paid.body.payment.id,
    });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(await planOf(customer.id), { plan_id: 'pro-monthly', status: 'active' });

    const upgraded = await call<{ payment?: { id: string }; message?: string }>(
      'POST',
      endpoints.stripe.upgradeSubscription.path,
      { plan: 'monthly', product: 'team' },
    );
    assert.equal(upgraded.status, 200, JSON.stringify(upgraded.body));
    assert.ok(upgraded.body.payment, `a payment to confirm: ${JSON.stringify(upgraded.body)}`);
    assert.notEqual(upgraded.body.message, billingMessages.upgraded('Team'));
    assert.deepEqual(await planOf(customer.id), { plan_id: 'pro-monthly', status: 'active' });

    stripe.confirmPayment(upgraded.body.payment.id);
    const confirmed = await call('POST', endpoints.stripe.handle3ds.path, {
      paymentIntentId: upgraded.body.payment.id,
    });
    assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
    assert.deepEqual(await planOf(customer.id), { plan_id: 'team-monthly', status: 'active' });
  });

  it("keeps the paid upgrade when one second's events arrive in another order", async () => {
    const customer = await newCustomer(db());
    const call = cookieCaller(app, await newSessionCookie(app, customer.id));
    const paid = await call('POST', endpoints.stripe.pay.path, {
      plan: 'monthly',
      product: 'pro',
      source: 'pm_card_visa',
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    const scheduled = await call('POST', endpoints.stripe.upgradeSubscription.path, {
      plan: 'monthly',
      product: 'starter',
    });
    assert.equal(scheduled.status, 200, JSON.stringify(scheduled.body));
    const before = stripe.events.length;
    const upgraded = await call('POST', endpoints.stripe.upgradeSubscription.path, {
      plan: 'monthly',
      product: 'team',
    });
    assert.equal(upgraded.status, 200, JSON.stringify(upgraded.body));
    assert.deepEqual(await planOf(customer.id), { plan_id: 'team-monthly', status: 'active' });
    const events = stripe.events.slice(before).reverse();
    for (const event of events) {
      const body = JSON.stringify(event);
      const response = await fetch(`${app.url}${endpoints.stripe.webhook.path}`, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.webhooks.generateTestHeaderString({
            payload: body,
            secret: WEBHOOK_SECRET,
          }),
        },
      });
      assert.equal(response.status, 200, `${event.type}: ${await response.text()}`);
    }
    assert.deepEqual(
      await planOf(customer.id),
      { plan_id: 'team-monthly', status: 'active' },
      JSON.stringify(events.map((e) => [e.type, e.created])),
    );
  });
});
