import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  billingMessages,
  endpoints,
  FREE_LIMITS,
  projectMessages,
  twoFactorMessages,
  type CancelSubscriptionResponse,
  type PayResponse,
  type SandboxConfirmResponse,
  type UpgradePreview,
} from '@animata/contracts';
import { SubscriptionsRepository } from '../../src/modules/billing/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { signedInCustomer } from '../support/billing-client.js';
import { newProject } from '../support/factories.js';
import { TestClient } from '../support/http-client.js';
import { codeIn, waitForMail } from '../support/outbox.js';

const DECLINED = 'Your card was declined.';
const THREE_DS_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

describe('checkout: pay, 3-D Secure, two-factor, wallet, upgrade, cancel and the customer object', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({ web: false });
  });
  after(async () => {
    await app?.stop();
  });

  const db = () => app.runtime.dataSource;

  const signedIn = (overrides: { twoFactorEnabled?: boolean } = {}) =>
    signedInCustomer(app, overrides);

  const proAnnual = { plan: 'annual', product: 'pro' } as const;

  it('buys pro annual with the sandbox visa card: paid, invoiced, and the customer is premium', async () => {
    const { customer, call, me } = await signedIn();
    const preview = await call<UpgradePreview>(endpoints.stripe.previewCost.path, proAnnual);
    assert.equal(preview.status, 200);
    assert.equal(preview.body.payment.amount, 24000);
    assert.equal(preview.body.payment.amountOriginal, 24000);
    assert.deepEqual(preview.body.details.paymentMethod, { type: 'none' });

    const paid = await call<PayResponse>(endpoints.stripe.pay.path, {
      ...proAnnual,
      source: 'pm_card_visa',
      payment: 24000,
    });
    assert.equal(paid.status, 200);
    assert.deepEqual(paid.body.plan, {
      monthlyPrice: 20,
      months: 12,
      product: 'pro',
      period: 'annual',
    });
    assert.match(paid.body.invoiceExternalId ?? '', /^in_sbx_/);
    assert.equal(paid.body.message, billingMessages.paymentSuccess);

    const { customer: view } = await me();
    assert.equal(view.isPremium, true);
    assert.equal(view.hasProAccess, true);
    assert.equal(view.isAnnual, true);
    assert.equal(view.isFree, false);
    assert.equal(view.isTeam, false);
    assert.equal(view.subscription.state, 'active');
    assert.equal(view.subscription.accessLevel, 2);
    assert.equal(view.subscription.planTitle, 'Pro');
    assert.equal(view.subscription.planPrice, 240);
    assert.deepEqual(view.subscription.card, { brand: 'visa', last4: '4242' });
    assert.equal(view.subscription.paymentMethod, 'card');
    assert.equal(view.files.limit, null);
    assert.equal(view.storage.limit, 100 * 1024);

    const invoices: Array<{ total_cents: number }> = await db().query(
      `SELECT total_cents FROM invoices WHERE customer_id = $1`,
      [customer.id],
    );
    assert.deepEqual(invoices, [{ total_cents: 24000 }]);
    const events: Array<{ n: string }> = await db().query(
      `SELECT count(*) AS n FROM billing_events WHERE gateway = 'sandbox-card' AND event_id LIKE 'evt_sbx_%'`,
    );
    assert.ok(Number(events[0]!.n) >= 2, 'the sandbox delivered its events through the ledger');

    const again = await call<PayResponse>(endpoints.stripe.pay.path, {
      ...proAnnual,
      source: 'pm_card_visa',
    });
    assert.equal(again.status, 409);
    assert.equal(again.body.errors?.['.'], billingMessages.alreadySubscribed);
  });

  it('waits for 3-D Secure, refuses another checkout meanwhile, and completes through handle3ds', async () => {
    const { call, me } = await signedIn();
    const paid = await call<PayResponse>(endpoints.stripe.pay.path, {
      plan: 'monthly',
      product: 'pro',
      source: 'pm_card_threeDSecure2Required',
      payment: 3500,
    });
    assert.equal(paid.status, 200);
    const payment = paid.body.payment!;
    assert.match(payment.id, /^pi_sbx_/);
    assert.match(payment.clientSecret, new RegExp(`^${payment.id}_secret_`));
    assert.equal(payment.gateway, 'sandbox');

    let view = (await me()).customer;
    assert.equal(view.is3DSPending, true);
    assert.equal(view.isPremium, false);
    assert.equal(view.subscription.pending?.planName, 'Pro');
    assert.equal(view.subscription.pending?.payment?.id, payment.id);

    const blocked = await call<PayResponse>(endpoints.stripe.pay.path, {
      plan: 'monthly',
      product: 'pro',
      source: 'pm_card_visa',
    });
    assert.equal(blocked.status, 409);
    assert.equal(blocked.body.errors?.['.'], billingMessages.pendingPayment('Pro'));

    // handle3ds before the challenge was answered: still waiting, and the pending payment stays.
    const early = await call<PayResponse>(endpoints.stripe.handle3ds.path, {
      paymentIntentId: payment.id,
      error: 'Authentication was not completed.',
    });
    assert.equal(early.status, 402);
    assert.equal(early.body.errors?.['.'], 'Authentication was not completed.');
    assert.equal((await me()).customer.is3DSPending, true);

    const confirmed = await call<SandboxConfirmResponse>(endpoints.stripe.sandboxConfirm.path, {
      clientSecret: payment.clientSecret,
      outcome: 'complete',
    });
    assert.deepEqual(confirmed.body, { paymentIntent: { id: payment.id, status: 'succeeded' } });
    const handled = await call<PayResponse>(endpoints.stripe.handle3ds.path, {
      paymentIntentId: payment.id,
    });
    assert.equal(handled.status, 200);
    assert.equal(handled.body.message, billingMessages.paymentSuccess);
    assert.deepEqual(handled.body.plan, {
      monthlyPrice: 35,
      months: 1,
      product: 'pro',
      period: 'monthly',
    });
    assert.match(handled.body.invoiceExternalId ?? '', /^in_sbx_/);
    view = (await me()).customer;
    assert.equal(view.is3DSPending, false);
    assert.equal(view.isPremium, true);
    assert.deepEqual(view.subscription.card, { brand: 'visa', last4: '3184' });
  });

  it('ends a failed 3-D Secure payment with the provider message', async () => {
    const { call, me } = await signedIn();
    const paid = await call<PayResponse>(endpoints.stripe.pay.path, {
      ...proAnnual,
      source: 'pm_card_threeDSecure2Required',
    });
    const payment = paid.body.payment!;
    const failed = await call<SandboxConfirmResponse>(endpoints.stripe.sandboxConfirm.path, {
      clientSecret: payment.clientSecret,
      outcome: 'fail',
    });
    assert.equal(failed.body.error?.message, THREE_DS_FAILED);
    const handled = await call<PayResponse>(endpoints.stripe.handle3ds.path, {
      paymentIntentId: payment.id,
    });
    assert.equal(handled.status, 402);
    assert.equal(handled.body.errors?.['.'], THREE_DS_FAILED);
    const view = (await me()).customer;
    assert.equal(view.is3DSPending, false);
    assert.equal(view.isPremium, false);
    // A wrong secret or someone else's payment intent is not found.
    const stranger = await signedIn();
    const other = await stranger.call(endpoints.stripe.handle3ds.path, {
      paymentIntentId: payment.id,
    });
    assert.equal(other.status, 404);
    const badSecret = await call(endpoints.stripe.sandboxConfirm.path, {
      clientSecret: `${payment.id}_secret_wrong`,
      outcome: 'complete',
    });
    assert.equal(badSecret.status, 404);
  });

  it('lets an abandoned 3-D Secure payment go after 24 hours', async () => {
    const { customer, call, me } = await signedIn();
    await call(endpoints.stripe.pay.path, {
      ...proAnnual,
      source: 'pm_card_threeDSecure2Required',
    });
    assert.equal((await me()).customer.is3DSPending, true);
    await db().query(
      `UPDATE pending_payments SET created_at = now() - interval '25 hours' WHERE customer_id = $1`,
      [customer.id],
    );
    assert.equal((await me()).customer.is3DSPending, false);
    const paid = await call<PayResponse>(endpoints.stripe.pay.path, {
      ...proAnnual,
      source: 'pm_card_visa',
    });
    assert.equal(paid.status, 200);
    assert.equal((await me()).customer.subscription.state, 'active');
  });

  it('answers a declined card with 402 and its message, an unknown card with 422', async () => {
    const { call, me } = await signedIn();
    const declined = await call<PayResponse>(endpoints.stripe.pay.path, {
      ...proAnnual,
      source: 'pm_card_chargeDeclined',
    });
    assert.equal(declined.status, 402);
    assert.equal(declined.body.errors?.['.'], DECLINED);
    assert.equal(declined.body.error, DECLINED);
    const unknown = await call<PayResponse>(endpoints.stripe.pay.path, {
      ...proAnnual,
      source: 'pm_card_mystery',
    });
    assert.equal(unknown.status, 422);
    assert.equal(unknown.body.errors?.source, "No such PaymentMethod: 'pm_card_mystery'");
    assert.equal((await me()).customer.isPremium, false);
  });

  it('refuses a payment whose amount is not the price any more', async () => {
    const { call } = await signedIn();
    const changed = await call<PayResponse>(endpoints.stripe.pay.path, {
      ...proAnnual,
      source: 'pm_card_visa',
      payment: 20000,
    });
    assert.equal(changed.status, 409);
    assert.equal(changed.body.errors?.['.'], billingMessages.priceChanged);
  });

  it('asks for two-factor when the customer turned it on, then pays with the tfa_token', async () => {
    const { customer, client, call, me } = await signedIn({ twoFactorEnabled: true });
    const asked = await call<PayResponse>(endpoints.stripe.pay.path, {
      ...proAnnual,
      source: 'pm_card_visa',
    });
    assert.equal(asked.status, 200);
    assert.deepEqual(asked.body, { tfa_required: true });
    assert.ok(client.cookie('animata_tfa'));
    assert.equal((await me()).customer.isPremium, false);

    const forged = await call<PayResponse>(endpoints.stripe.pay.path, {
      ...proAnnual,
      source: 'pm_card_visa',
      tfa_token: 'forged',
    });
    assert.equal(forged.status, 422);
    assert.equal(forged.body.errors?.['.'], twoFactorMessages.tokenInvalid);

    const started = new Date();
    const sent = await call<{ token: string }>(endpoints.twoFactor.email.path, {
      action: 'payment',
      contact: customer.email,
    });
    assert.equal(sent.status, 200);
    const code = codeIn(
      await waitForMail(db(), customer.email, /security code/, { after: started }),
    );
    const verified = await call<{ token: string }>(endpoints.twoFactor.code.path, {
      token: sent.body.token,
      action: 'payment',
      code,
      contact: customer.email,
    });
    assert.equal(verified.status, 200);
    const paid = await call<PayResponse>(endpoints.stripe.pay.path, {
      ...proAnnual,
      source: 'pm_card_visa',
      tfa_token: verified.body.token,
    });
    assert.equal(paid.status, 200);
    assert.equal(paid.body.message, billingMessages.paymentSuccess);
    assert.equal((await me()).customer.isPremium, true);
  });

  it('pays with the wallet sandbox nonce and refuses another nonce', async () => {
    const { call, me } = await signedIn();
    const bad = await call<PayResponse>(endpoints.paypal.pay.path, {
      plan: 'monthly',
      product: 'starter',
      nonce: 'fake-valid-nonce',
    });
    assert.equal(bad.status, 422);
    assert.equal(bad.body.errors?.nonce, 'Unknown or expired payment_method_nonce.');
    const paid = await call<PayResponse>(endpoints.paypal.pay.path, {
      plan: 'monthly',
      product: 'starter',
      nonce: 'fake-paypal-billing-agreement-nonce',
      payment: 1200,
    });
    assert.equal(paid.status, 200);
    assert.match(paid.body.invoiceExternalId ?? '', /^bt_txn_sbx_/);
    const view = (await me()).customer;
    assert.equal(view.subscription.paymentMethod, 'paypal');
    assert.deepEqual(view.subscription.paypal, { email: 'sandbox-buyer@example.com' });
    assert.equal(view.isPremium, true);
    assert.equal(view.hasProAccess, false);
    const preview = await call<UpgradePreview>(endpoints.paypal.previewCost.path, {
      plan: 'monthly',
      product: 'pro',
    });
    assert.deepEqual(preview.body.details.paymentMethod, {
      type: 'paypal',
      email: 'sandbox-buyer@example.com',
    });
    // The card gateway does not change a wallet subscription.
    const wrongGateway = await call(endpoints.stripe.upgradeSubscription.path, {
      plan: 'monthly',
      product: 'pro',
    });
    assert.equal(wrongGateway.status, 409);
  });

  it('upgrades pro to team now with proration; downgrades and shorter periods wait for the period end', async () => {
    const { customer, call, me } = await signedIn();
    await call(endpoints.stripe.pay.path, {
      plan: 'monthly',
      product: 'pro',
      source: 'pm_card_visa',
    });
    const preview = await call<UpgradePreview>(endpoints.stripe.previewCost.path, {
      plan: 'monthly',
      product: 'team',
      extraSlots: 1,
    });
    assert.equal(preview.status, 200);
    // Team monthly with one extra seat is 180 dollars; a whole pro month was just paid (35).
    assert.ok(preview.body.payment.amount > 0 && preview.body.payment.amount <= 18000 - 3500 + 1);
    assert.equal(preview.body.payment.amountOriginal, 18000);
    assert.equal(preview.body.details.seat_unit_price, 45);
    assert.deepEqual(preview.body.details.paymentMethod, {
      type: 'card',
      brand: 'visa',
      card: '4242',
    });

    const stale = await call<PayResponse>(endpoints.stripe.upgradeSubscription.path, {
      plan: 'monthly',
      product: 'team',
      extraSlots: 1,
      payment: preview.body.payment.amount + 500,
    });
    assert.equal(stale.status, 409);
    const upgraded = await call<PayResponse>(endpoints.stripe.upgradeSubscription.path, {
      plan: 'monthly',
      product: 'team',
      extraSlots: 1,
      payment: preview.body.payment.amount,
    });
    assert.equal(upgraded.status, 200);
    assert.equal(upgraded.body.message, billingMessages.upgraded('Team'));
    assert.equal(upgraded.body.message, 'You have successfully upgraded to Team plan');
    let view = (await me()).customer;
    assert.equal(view.isTeam, true);
    assert.equal(view.hasTeamAccess, true);
    assert.equal(view.teamSubscription.teamPlanActive, true);
    assert.equal(view.subscription.product, 'team');
    assert.equal(view.subscription.slots.nextCycle, 1);
    const invoices: Array<{ total_cents: number }> = await db().query(
      `SELECT total_cents FROM invoices WHERE customer_id = $1 ORDER BY paid_at`,
      [customer.id],
    );
    assert.deepEqual(
      invoices.map((i) => i.total_cents),
      [3500, preview.body.payment.amount],
    );

    const same = await call(endpoints.stripe.upgradeSubscription.path, {
      plan: 'monthly',
      product: 'team',
      extraSlots: 1,
    });
    assert.equal(same.status, 409);
    assert.equal((same.body as { error?: string }).error, billingMessages.alreadySubscribed);

    const downgradePreview = await call<UpgradePreview>(endpoints.stripe.previewCost.path, {
      plan: 'monthly',
      product: 'pro',
    });
    assert.equal(downgradePreview.body.payment.amount, 0);
    assert.equal(downgradePreview.body.details.period_end, view.subscription.endDate);
    const downgraded = await call<PayResponse>(endpoints.stripe.upgradeSubscription.path, {
      plan: 'monthly',
      product: 'pro',
    });
    assert.equal(downgraded.status, 200);
    view = (await me()).customer;
    assert.equal(view.subscription.product, 'team', 'the team plan runs until the period end');
    const rows: Array<{ plan_id: string; scheduled_plan_id: string | null }> = await db().query(
      `SELECT plan_id, scheduled_plan_id FROM subscriptions WHERE customer_id = $1`,
      [customer.id],
    );
    assert.deepEqual(rows, [{ plan_id: 'team-monthly', scheduled_plan_id: 'pro-monthly' }]);
  });

  it('schedules a change to a shorter period for the period end', async () => {
    const { customer, call } = await signedIn();
    await call(endpoints.stripe.pay.path, { ...proAnnual, source: 'pm_card_visa' });
    const changed = await call<PayResponse>(endpoints.stripe.upgradeSubscription.path, {
      plan: 'monthly',
      product: 'pro',
    });
    assert.equal(changed.status, 200);
    const rows: Array<{ plan_id: string; scheduled_plan_id: string | null }> = await db().query(
      `SELECT plan_id, scheduled_plan_id FROM subscriptions WHERE customer_id = $1`,
      [customer.id],
    );
    assert.deepEqual(rows, [{ plan_id: 'pro-annual', scheduled_plan_id: 'pro-monthly' }]);
  });

  it('cancels at the period end ("Available until"), then lets the payment method go', async () => {
    const { call, me } = await signedIn();
    await call(endpoints.stripe.pay.path, { ...proAnnual, source: 'pm_card_visa' });
    const early = await call(endpoints.stripe.removePaymentMethod.path);
    assert.equal(early.status, 409);
    assert.equal((early.body as { error?: string }).error, billingMessages.removePaymentFailed);

    for (const reason of [{ code: 0, text: 'too short' }, { code: 9 }, { code: 0 }, {}]) {
      const refused = await call(endpoints.stripe.cancelSubscription.path, { reason });
      assert.equal(refused.status, 422, JSON.stringify(reason));
    }
    const canceled = await call<CancelSubscriptionResponse>(
      endpoints.stripe.cancelSubscription.path,
      {
        reason: { code: 0, text: 'The exports are all I needed.' },
      },
    );
    assert.equal(canceled.status, 200);
    let view = (await me()).customer;
    assert.equal(canceled.body.endDate, view.subscription.endDate);
    assert.ok(canceled.body.endDate && new Date(canceled.body.endDate) > new Date());
    assert.equal(view.subscription.state, 'canceled');
    assert.equal(view.subscription.isCanceled, true);
    assert.equal(view.subscription.isActive, false);
    assert.equal(view.isPremium, true, 'paid time is kept until the end date');

    const removed = await call(endpoints.stripe.removePaymentMethod.path);
    assert.equal(removed.status, 200);
    view = (await me()).customer;
    assert.equal(view.subscription.paymentMethod, null);
    assert.equal(view.subscription.card, null);
    const twice = await call(endpoints.stripe.removePaymentMethod.path);
    assert.equal(twice.status, 409);
  });

  it('changes the card of a card subscription', async () => {
    const { call, me } = await signedIn();
    await call(endpoints.stripe.pay.path, { ...proAnnual, source: 'pm_card_visa' });
    const changed = await call(endpoints.stripe.changeCard.path, {
      source: 'pm_card_threeDSecure2Required',
    });
    assert.equal(changed.status, 200);
    assert.deepEqual(changed.body, { brand: 'visa', last4: '3184' });
    assert.deepEqual((await me()).customer.subscription.card, { brand: 'visa', last4: '3184' });
    const declined = await call(endpoints.stripe.changeCard.path, {
      source: 'pm_card_chargeDeclined',
    });
    assert.equal(declined.status, 402);
    assert.equal((declined.body as { error?: string }).error, DECLINED);
    assert.deepEqual((await me()).customer.subscription.card, { brand: 'visa', last4: '3184' });
  });

  it('reads a subscription past its end as expired, with the free limits, and maintenance marks it', async () => {
    const { customer, call, me } = await signedIn();
    await call(endpoints.stripe.pay.path, { ...proAnnual, source: 'pm_card_visa' });
    await call(endpoints.stripe.cancelSubscription.path, { reason: { code: 3 } });
    await db().query(
      `UPDATE subscriptions SET current_period_end = now() - interval '1 day' WHERE customer_id = $1`,
      [customer.id],
    );
    const view = (await me()).customer;
    assert.equal(view.isExpired, true);
    assert.equal(view.isPremium, false);
    assert.equal(view.subscription.state, 'expired');
    assert.equal(view.subscription.accessLevel, 0);
    assert.equal(view.files.limit, FREE_LIMITS.fileSlots);
    assert.ok((await app.app.get(SubscriptionsRepository).expireEnded(new Date())) >= 1);
    const rows: Array<{ status: string }> = await db().query(
      `SELECT status FROM subscriptions WHERE customer_id = $1`,
      [customer.id],
    );
    assert.equal(rows[0]?.status, 'expired');
    // An expired customer may buy again.
    const again = await call<PayResponse>(endpoints.stripe.pay.path, {
      plan: 'monthly',
      product: 'pro',
      source: 'pm_card_visa',
    });
    assert.equal(again.status, 200);
    assert.equal((await me()).customer.subscription.state, 'active');
  });

  it('lifts the free project limit on pro', async () => {
    const { customer, call } = await signedIn();
    for (let i = 0; i < FREE_LIMITS.fileSlots; i += 1) await newProject(db(), customer.id);
    const full = await call(endpoints.projects.create.path, {});
    assert.equal(full.status, 422);
    assert.equal(
      (full.body as { errors?: Record<string, string> }).errors?.['.'],
      projectMessages.fileSlotsFull,
    );
    await call(endpoints.stripe.pay.path, {
      plan: 'monthly',
      product: 'pro',
      source: 'pm_card_visa',
    });
    const created = await call(endpoints.projects.create.path, {});
    assert.equal(created.status, 201);
  });

  it('answers bad bodies with 4xx in the catalogue shape, never 500', async () => {
    const { call } = await signedIn();
    const bodies: Array<[string, unknown]> = [
      [endpoints.stripe.pay.path, { plan: 'weekly', product: 'pro', source: 'pm_card_visa' }],
      [endpoints.stripe.pay.path, { plan: 'annual', product: 'gold', source: 'pm_card_visa' }],
      [endpoints.stripe.pay.path, { plan: 'annual', product: 'free', source: 'pm_card_visa' }],
      [endpoints.stripe.pay.path, { plan: 'annual', product: 'pro' }],
      [endpoints.stripe.pay.path, { ...proAnnual, source: 'pm_card_visa', extraSlots: 2 }],
      [
        endpoints.stripe.pay.path,
        { plan: 'annual', product: 'team', source: 'pm_card_visa', extraSlots: 8 },
      ],
      [endpoints.stripe.pay.path, { ...proAnnual, source: 'pm_card_visa', payment: 'lots' }],
      [endpoints.stripe.pay.path, { ...proAnnual, source: 'pm_card_visa', surprise: true }],
      [endpoints.stripe.pay.path, { ...proAnnual, source: 'x'.repeat(300) }],
      [endpoints.paypal.pay.path, { ...proAnnual, nonce: '' }],
      [endpoints.stripe.previewCost.path, { plan: 'annual' }],
      [endpoints.stripe.previewCost.path, { plan: 'annual', product: 'pro', coupon: 7 }],
      [endpoints.stripe.handle3ds.path, {}],
      [endpoints.stripe.cancelSubscription.path, { reason: 'bored' }],
      [endpoints.stripe.changeCard.path, {}],
      [endpoints.stripe.upgradeSubscription.path, { plan: 'annual', product: 'pro' }],
      [endpoints.stripe.sandboxConfirm.path, { clientSecret: 'x', outcome: 'maybe' }],
      [endpoints.tracking.track.path, { eventName: 'Login', eventData: {} }],
    ];
    for (const [path, body] of bodies) {
      const answer = await call(path, body);
      assert.ok(
        answer.status >= 400 && answer.status < 500,
        `${path} ${JSON.stringify(body)}: ${answer.status}`,
      );
      const shaped = answer.body as { error?: unknown; errors?: unknown };
      assert.ok(
        typeof shaped.error === 'string' || (typeof shaped.errors === 'object' && shaped.errors),
        `${path} answers the catalogue shape`,
      );
    }
  });

  it('answers 401 to a signed-out caller', async () => {
    const client = new TestClient(app.url);
    for (const path of [
      endpoints.stripe.pay.path,
      endpoints.stripe.previewCost.path,
      endpoints.paypal.pay.path,
      endpoints.stripe.cancelSubscription.path,
      endpoints.tracking.track.path,
    ]) {
      const response = await client.post(path, {});
      assert.equal(response.status, 401, path);
    }
  });

  it('records the checkout tracking events, flat and small only', async () => {
    const { customer, call } = await signedIn();
    const ok = await call(endpoints.tracking.track.path, {
      eventName: 'InitiateCheckout',
      eventData: { plan: 'annual', product: 'pro', value: 240, coupon: null },
    });
    assert.equal(ok.status, 200);
    const rows: Array<{ event_name: string }> = await db().query(
      `SELECT event_name FROM tracking_events WHERE customer_id = $1`,
      [customer.id],
    );
    assert.deepEqual(rows, [{ event_name: 'InitiateCheckout' }]);
    const nested = await call(endpoints.tracking.track.path, {
      eventName: 'Purchase',
      eventData: { plan: { name: 'pro' } },
    });
    assert.equal(nested.status, 422);
    const large = await call(endpoints.tracking.track.path, {
      eventName: 'AddPaymentInfo',
      eventData: { blob: 'x'.repeat(3000) },
    });
    assert.equal(large.status, 422);
  });
});
