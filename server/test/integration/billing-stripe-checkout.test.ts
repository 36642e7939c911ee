import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { billingMessages, endpoints } from '@animata/contracts';
import Stripe from 'stripe';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newSessionCookie } from '../support/factories.js';
import { cookieCaller } from '../support/http-client.js';
import { seededStripeServer, stripeAppEnv, type StripeServer } from '../support/stripe-server.js';

const WEBHOOK_SECRET = `whsec_${randomBytes(12).toString('hex')}`;
const signer = new Stripe('sk_test_signer');

describe('card checkout through StripeCardGateway: the app, the SDK and the local Stripe server', () => {
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

  async function signedIn() {
    const customer = await newCustomer(db());
    const call = cookieCaller(app, await newSessionCookie(app, customer.id));
    return { customer, call };
  }

  const rowOf = async (customerId: string) =>
    (
      (await db().query(
        `SELECT s.gateway, s.external_id, s.plan_id, s.status, s.cancel_at_period_end, s.card_last4,
              s.extra_slots, c.stripe_customer_id
         FROM customers c LEFT JOIN subscriptions s ON s.customer_id = c.id WHERE c.id = $1`,
        [customerId],
      )) as Array<Record<string, unknown>>
    )[0]!;

  /** Delivers what the Stripe server recorded for one customer, each event twice, as Stripe may. */
  async function deliverEventsOf(stripeCustomerId: string) {
    const mine = stripe.events.filter((event) =>
      JSON.stringify(event.data.object).includes(stripeCustomerId),
    );
    for (const event of [...mine, ...mine]) {
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
    return mine.length;
  }

  it('previews and pays pro annual with pm_card_visa; the webhooks then change nothing twice', async () => {
    const { customer, call } = await signedIn();
    const preview = await call<{ payment: { amount: number } }>(
      'POST',
      endpoints.stripe.previewCost.path,
      {
        plan: 'annual',
        product: 'pro',
      },
    );
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    assert.equal(preview.body.payment.amount, 24000);

    const paid = await call<{ invoiceExternalId?: string }>('POST', endpoints.stripe.pay.path, {
      plan: 'annual',
      product: 'pro',
      source: 'pm_card_visa',
      payment: preview.body.payment.amount,
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    const row = await rowOf(customer.id);
    assert.equal(row.gateway, 'stripe');
    assert.equal(row.plan_id, 'pro-annual');
    assert.equal(row.status, 'active');
    assert.equal(row.card_last4, '4242');
    assert.match(String(row.stripe_customer_id), /^cus_/);
    assert.ok(stripe.subscriptions.has(String(row.external_id)));

    const delivered = await deliverEventsOf(String(row.stripe_customer_id));
    assert.ok(delivered >= 3);
    const invoices = (await db().query(
      `SELECT count(*)::int AS n FROM invoices WHERE customer_id = $1`,
      [customer.id],
    )) as Array<{ n: number }>;
    assert.equal(invoices[0]!.n, 1);
    assert.equal((await rowOf(customer.id)).status, 'active');
  });

  it('3-D Secure: a payment object, then handle3ds after the browser step makes it active', async () => {
    const { customer, call } = await signedIn();
    const paid = await call<{ payment?: { id: string; clientSecret: string } }>(
      'POST',
      endpoints.stripe.pay.path,
      {
        plan: 'monthly',
        product: 'pro',
        source: 'pm_card_threeDSecure2Required',
      },
    );
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    assert.ok(paid.body.payment, JSON.stringify(paid.body));
    assert.match(paid.body.payment.clientSecret, /_secret_/);
    stripe.confirmPayment(paid.body.payment.id);
    const confirmed = await call('POST', endpoints.stripe.handle3ds.path, {
      paymentIntentId: paid.body.payment.id,
    });
    assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
    const row = await rowOf(customer.id);
    assert.equal(row.status, 'active');
    assert.equal(row.plan_id, 'pro-monthly');
  });

  it('handle3ds on a payment Stripe has not taken says why nothing was charged, by the intent state', async () => {
    const cases: Array<{
      state: string;
      /** What the test server's payment intent becomes before handle3ds. */
      move: (intent: { status: string; lastError: unknown }) => void;
      message: string;
      stillPending: boolean;
    }> = [
      {
        state: 'requires_action (the challenge was never answered)',
        move: () => {},
        message: billingMessages.threeDsIncomplete,
        stillPending: true,
      },
      {
        state: 'requires_payment_method without an error of its own',
        move: (intent) => {
          intent.status = 'requires_payment_method';
          intent.lastError = null;
        },
        message: billingMessages.paymentNotCompleted,
        stillPending: false,
      },
      {
        state: 'canceled',
        move: (intent) => {
          intent.status = 'canceled';
        },
        message: billingMessages.paymentCanceled,
        stillPending: false,
      },
    ];
    for (const { state, move, message, stillPending } of cases) {
      const { customer, call } = await signedIn();
      const paid = await call<{ payment?: { id: string } }>('POST', endpoints.stripe.pay.path, {
        plan: 'monthly',
        product: 'pro',
        source: 'pm_card_threeDSecure2Required',
      });
      assert.ok(paid.body.payment, JSON.stringify(paid.body));
      move(stripe.paymentIntents.get(paid.body.payment.id)!);
      const handled = await call<{ errors?: Record<string, string> }>(
        'POST',
        endpoints.stripe.handle3ds.path,
        { paymentIntentId: paid.body.payment.id },
      );
      assert.equal(handled.status, 402, state);
      assert.deepEqual(handled.body.errors, { '.': message }, state);
      const pending = (await db().query(
        `SELECT count(*)::int AS n FROM pending_payments WHERE customer_id = $1 AND resolved_at IS NULL`,
        [customer.id],
      )) as Array<{ n: number }>;
      assert.equal(pending[0]!.n, stillPending ? 1 : 0, state);
      assert.notEqual((await rowOf(customer.id)).status, 'active', state);
    }
  });

  it('a declined card answers the provider message and stores no subscription', async () => {
    const { customer, call } = await signedIn();
    const paid = await call<{ error?: string }>('POST', endpoints.stripe.pay.path, {
      plan: 'annual',
      product: 'pro',
      source: 'pm_card_chargeDeclined',
    });
    assert.ok(paid.status >= 400 && paid.status < 500, String(paid.status));
    assert.equal(paid.body.error, billingMessages.declined);
    assert.equal((await rowOf(customer.id)).status, null);
  });

  const couponCount = async (code: string) =>
    (
      (await db().query(
        `SELECT c.redemptions, count(r.id)::int AS held_or_redeemed,
           count(r.id) FILTER (WHERE r.status = 'redeemed')::int AS redeemed
         FROM coupons c LEFT JOIN coupon_redemptions r ON r.coupon_id = c.id
         WHERE c.code = $1 GROUP BY c.id`,
        [code],
      )) as Array<{ redemptions: number; held_or_redeemed: number; redeemed: number }>
    )[0]!;

  it('six customers paying at once with a coupon limited to one: one redemption, one discounted charge', async () => {
    await db().query(
      `INSERT INTO coupons (code, type, discount, max_redemptions) VALUES ('TENOFF', 'amount', 1000, 1)`,
    );
    const buyers = await Promise.all(Array.from({ length: 6 }, () => signedIn()));
    const answers = await Promise.all(
      buyers.map(({ call }) =>
        call<{ errors?: Record<string, string>; payment?: { amount: number } }>(
          'POST',
          endpoints.stripe.pay.path,
          {
            plan: 'monthly',
            product: 'pro',
            coupon: 'TENOFF',
            source: 'pm_card_visa',
            payment: 2500,
          },
        ),
      ),
    );
    assert.deepEqual(
      answers.map((a) => a.status).sort(),
      [200, 409, 409, 409, 409, 409],
      JSON.stringify(answers.map((a) => [a.status, a.body])),
    );
    for (const refused of answers.filter((a) => a.status === 409)) {
      assert.deepEqual(refused.body.errors, {
        '.': 'The coupon TENOFF has been used up and is not applied.',
      });
      assert.deepEqual(refused.body.payment, { amount: 3500 });
    }
    assert.deepEqual(await couponCount('TENOFF'), {
      redemptions: 1,
      held_or_redeemed: 1,
      redeemed: 1,
    });
    const refs = new Set(
      await Promise.all(
        buyers.map(async ({ customer }) => (await rowOf(customer.id)).stripe_customer_id),
      ),
    );
    const charged = [...stripe.invoices.values()].filter((invoice) => refs.has(invoice.customer));
    assert.deepEqual(
      charged.map((invoice) => [invoice.total, invoice.discount]),
      [[2500, 1000]],
      'one charge, with the discount',
    );
    const fresh = await signedIn();
    const later = await fresh.call<{ payment: { amount: number; couponRefusal: unknown } }>(
      'POST',
      endpoints.stripe.previewCost.path,
      { plan: 'monthly', product: 'pro', coupon: 'TENOFF' },
    );
    assert.equal(later.body.payment.amount, 3500);
    assert.deepEqual(later.body.payment.couponRefusal, {
      code: 'TENOFF',
      reason: 'used-up',
      message: 'The coupon TENOFF has been used up and is not applied.',
    });
  });

  it('gives a held redemption back when its 3-D Secure payment fails', async () => {
    await db().query(
      `INSERT INTO coupons (code, type, discount, max_redemptions) VALUES ('BLACKFRIDAY', 'percent', 20, 1)`,
    );
    const first = await signedIn();
    const paid = await first.call<{ payment?: { id: string } }>('POST', endpoints.stripe.pay.path, {
      plan: 'monthly',
      product: 'pro',
      coupon: 'BLACKFRIDAY',
      source: 'pm_card_threeDSecure2Required',
      payment: 2800,
    });
    assert.ok(paid.body.payment, JSON.stringify(paid.body));
    assert.deepEqual(await couponCount('BLACKFRIDAY'), {
      redemptions: 1,
      held_or_redeemed: 1,
      redeemed: 0,
    });
    const second = await signedIn();
    const preview = () =>
      second.call<{ payment: { amount: number; coupon: string | null; couponRefusal: unknown } }>(
        'POST',
        endpoints.stripe.previewCost.path,
        { plan: 'monthly', product: 'pro', coupon: 'BLACKFRIDAY' },
      );
    const whileHeld = await preview();
    assert.equal(whileHeld.body.payment.amount, 3500);
    assert.equal(
      (whileHeld.body.payment.couponRefusal as { reason: string } | null)?.reason,
      'used-up',
    );

    stripe.confirmPayment(paid.body.payment.id, 'fail');
    const handled = await first.call('POST', endpoints.stripe.handle3ds.path, {
      paymentIntentId: paid.body.payment.id,
    });
    assert.equal(handled.status, 402);
    assert.deepEqual(await couponCount('BLACKFRIDAY'), {
      redemptions: 0,
      held_or_redeemed: 0,
      redeemed: 0,
    });
    const released = await preview();
    assert.equal(released.body.payment.amount, 2800);
    assert.equal(released.body.payment.coupon, 'BLACKFRIDAY');
    assert.equal(released.body.payment.couponRefusal, null);
  });

  it('upgrades pro → team prorated, then cancels the renewal', async () => {
    const { customer, call } = await signedIn();
    const paid = await call('POST', endpoints.stripe.pay.path, {
      plan: 'annual',
      product: 'pro',
      source: 'pm_card_visa',
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    const preview = await call<{ payment: { amount: number } }>(
      'POST',
      endpoints.stripe.previewCost.path,
      {
        plan: 'annual',
        product: 'team',
      },
    );
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    assert.ok(preview.body.payment.amount > 0 && preview.body.payment.amount <= 108000 - 24000);
    const upgraded = await call('POST', endpoints.stripe.upgradeSubscription.path, {
      plan: 'annual',
      product: 'team',
      payment: preview.body.payment.amount,
    });
    assert.equal(upgraded.status, 200, JSON.stringify(upgraded.body));
    assert.equal((await rowOf(customer.id)).plan_id, 'team-annual');

    const canceled = await call('POST', endpoints.stripe.cancelSubscription.path, {
      reason: { code: 1 },
    });
    assert.equal(canceled.status, 200, JSON.stringify(canceled.body));
    const row = await rowOf(customer.id);
    assert.equal(row.cancel_at_period_end, true);
    assert.equal(stripe.subscriptions.get(String(row.external_id))?.cancelAtPeriodEnd, true);
  });
  it('a canceled customer whose card was removed pays for team with a new card: changed now, renewing', async () => {
    const { customer, call } = await signedIn();
    const paid = await call('POST', endpoints.stripe.pay.path, {
      plan: 'monthly',
      product: 'pro',
      source: 'pm_card_visa',
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    const canceled = await call('POST', endpoints.stripe.cancelSubscription.path, {
      reason: { code: 1 },
    });
    assert.equal(canceled.status, 200, JSON.stringify(canceled.body));
    const removed = await call('POST', endpoints.stripe.removePaymentMethod.path);
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.equal((await rowOf(customer.id)).card_last4, null);

    const preview = await call<{ payment: { amount: number } }>(
      'POST',
      endpoints.stripe.previewCost.path,
      { plan: 'annual', product: 'team' },
    );
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    const again = await call<{ message?: string }>('POST', endpoints.stripe.pay.path, {
      plan: 'annual',
      product: 'team',
      source: 'pm_card_mastercard',
      payment: preview.body.payment.amount,
    });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal(again.body.message, billingMessages.paymentSuccess);
    const row = await rowOf(customer.id);
    assert.equal(row.plan_id, 'team-annual');
    assert.equal(row.cancel_at_period_end, false);
    assert.equal(row.card_last4, '4444');
    const atStripe = stripe.subscriptions.get(String(row.external_id));
    assert.equal(atStripe?.cancelAtPeriodEnd, false);
    // The subscription's own method is what Stripe charges first: it is the new card.
    const charged = stripe.paymentMethods.get(atStripe?.defaultPaymentMethod ?? '');
    assert.equal(charged?.last4, '4444');
  });
});
