import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  billingMessages,
  endpoints,
  formatDate,
  shownBillingDate,
  type CancelSubscriptionResponse,
  type PayResponse,
  type SandboxConfirmResponse,
  type UpgradePreview,
} from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';
import { signedInCustomer } from '../support/billing-client.js';

/**
 * Plan changes that are no plain purchase (issue 29, billing-teams-apps §2, §3, §4, §7): a
 * downgrade or a shorter period is scheduled for the period end and reported so (no purchase,
 * the customer object's `subscription.pending`), a customer whose 3-D Secure failed pays again,
 * a canceled customer without a payment method pays with a new card, and the cost is what the
 * customer paid (the coupon included).
 */
describe('plan changes: scheduled changes, paying again, the price paid', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({ web: false });
  });
  after(async () => {
    await app?.stop();
  });

  const db = () => app.runtime.dataSource;

  async function signedIn() {
    const session = await signedInCustomer(app);
    return { ...session, me: async () => (await session.me()).customer };
  }

  {
    const calls = endpoints.stripe;
    const method = { source: 'pm_card_visa' };

    it('schedules a downgrade for the period end and says so, recording no purchase', async () => {
      const { customer, call, me } = await signedIn();
      const paid = await call<PayResponse>(calls.pay.path, {
        plan: 'annual',
        product: 'pro',
        ...method,
      });
      assert.equal(paid.status, 200);
      const endDate = (await me()).subscription.endDate!;
      const startsOn = formatDate(shownBillingDate(endDate, 'card')!, 'long');

      const preview = await call<UpgradePreview>(calls.previewCost.path, {
        plan: 'annual',
        product: 'starter',
      });
      assert.equal(preview.status, 200);
      assert.equal(preview.body.details.timing, 'period-end');
      assert.equal(preview.body.payment.amount, 0);
      assert.equal(preview.body.details.period_end, endDate);

      const changed = await call<PayResponse>(calls.upgradeSubscription.path, {
        plan: 'annual',
        product: 'starter',
        payment: 0,
      });
      assert.equal(changed.status, 200);
      // Nothing was bought: no plan for the Purchase event, no invoice, and the words say when.
      assert.equal(changed.body.plan, undefined);
      assert.equal(changed.body.invoiceExternalId, undefined);
      assert.equal(changed.body.message, billingMessages.changeScheduled('Starter', startsOn));
      assert.equal(changed.body.message, `Your Starter plan starts on ${startsOn}`);
      assert.deepEqual(changed.body.scheduled, {
        planName: 'Starter',
        plan: 'annual',
        product: 'starter',
        startsAt: endDate,
      });

      const view = await me();
      assert.equal(view.subscription.planTitle, 'Pro', 'Pro runs until the period end');
      assert.equal(view.is3DSPending, false);
      assert.deepEqual(view.subscription.pending, {
        planName: 'Starter',
        payment: null,
        plan: 'annual',
        product: 'starter',
        startsAt: endDate,
        planPrice: 108,
      });
      const invoices: Array<{ n: string }> = await db().query(
        `SELECT count(*) AS n FROM invoices WHERE customer_id = $1`,
        [customer.id],
      );
      assert.equal(Number(invoices[0]!.n), 1, 'only the first payment was invoiced');

      // A pending change blocks no checkout: an upgrade now replaces it.
      const upgraded = await call<PayResponse>(calls.upgradeSubscription.path, {
        plan: 'annual',
        product: 'team',
      });
      assert.equal(upgraded.status, 200);
      assert.equal(upgraded.body.message, billingMessages.upgraded('Team'));
      assert.ok(upgraded.body.plan, 'an upgrade now is a purchase');
      assert.equal((await me()).subscription.pending, null);
    });
  }

  it('refuses a PayPal change for the period end up front, saying why (Braintree cannot)', async () => {
    const { call, me } = await signedIn();
    await call(endpoints.paypal.pay.path, {
      plan: 'annual',
      product: 'pro',
      nonce: 'fake-paypal-billing-agreement-nonce',
    });
    for (const path of [
      endpoints.paypal.previewCost.path,
      endpoints.paypal.upgradeSubscription.path,
    ]) {
      const refused = await call(path, { plan: 'annual', product: 'starter' });
      assert.equal(refused.status, 409, path);
      assert.equal(refused.body.error, billingMessages.changeNotSchedulable);
    }
    const view = await me();
    assert.equal(view.subscription.planTitle, 'Pro');
    assert.equal(view.subscription.pending, null);
    // An upgrade now is no scheduled change: it goes through.
    const preview = await call<UpgradePreview>(endpoints.paypal.previewCost.path, {
      plan: 'annual',
      product: 'team',
    });
    assert.equal(preview.status, 200);
    assert.equal(preview.body.details.timing, 'now');
  });

  it('schedules Starter annual → Pro monthly (a shorter period) for the period end', async () => {
    const { call, me } = await signedIn();
    await call(endpoints.stripe.pay.path, {
      plan: 'annual',
      product: 'starter',
      source: 'pm_card_visa',
    });
    const endDate = (await me()).subscription.endDate!;
    const preview = await call<UpgradePreview>(endpoints.stripe.previewCost.path, {
      plan: 'monthly',
      product: 'pro',
    });
    assert.equal(preview.body.details.timing, 'period-end');
    const changed = await call<PayResponse>(endpoints.stripe.upgradeSubscription.path, {
      plan: 'monthly',
      product: 'pro',
    });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.plan, undefined);
    const view = await me();
    assert.equal(view.subscription.planTitle, 'Starter');
    assert.deepEqual(view.subscription.pending, {
      planName: 'Pro',
      payment: null,
      plan: 'monthly',
      product: 'pro',
      startsAt: endDate,
      planPrice: 35,
    });
    // An upgrade now says so in its preview.
    const now = await call<UpgradePreview>(endpoints.stripe.previewCost.path, {
      plan: 'annual',
      product: 'pro',
    });
    assert.equal(now.body.details.timing, 'now');
  });

  it('lets a free customer whose 3-D Secure failed pay again with another card', async () => {
    const { call, me } = await signedIn();
    const paid = await call<PayResponse>(endpoints.stripe.pay.path, {
      plan: 'annual',
      product: 'pro',
      source: 'pm_card_threeDSecure2Required',
    });
    const payment = paid.body.payment!;
    await call<SandboxConfirmResponse>(endpoints.stripe.sandboxConfirm.path, {
      clientSecret: payment.clientSecret,
      outcome: 'fail',
    });
    await call(endpoints.stripe.handle3ds.path, { paymentIntentId: payment.id });
    let view = await me();
    assert.equal(view.subscription.state, 'free');
    assert.deepEqual(view.subscription.card, { brand: 'visa', last4: '3184' });
    // No plan to change: the pay call is the way, with a new card or the stored one.
    const upgrade = await call(endpoints.stripe.previewCost.path, {
      plan: 'annual',
      product: 'pro',
    });
    assert.equal(upgrade.status, 200);
    assert.equal((upgrade.body as UpgradePreview).details.timing, 'now');
    const again = await call<PayResponse>(endpoints.stripe.pay.path, {
      plan: 'annual',
      product: 'pro',
      source: 'pm_card_visa',
      payment: 24000,
    });
    assert.equal(again.status, 200);
    assert.equal(again.body.message, billingMessages.paymentSuccess);
    view = await me();
    assert.equal(view.subscription.state, 'active');
    assert.equal(view.subscription.planTitle, 'Pro');
    assert.deepEqual(view.subscription.card, { brand: 'visa', last4: '4242' });
  });

  it('lets a canceled customer whose card was removed pay for a higher plan with a new card', async () => {
    const { customer, call, me } = await signedIn();
    await call(endpoints.stripe.pay.path, {
      plan: 'monthly',
      product: 'pro',
      source: 'pm_card_visa',
    });
    const canceled = await call<CancelSubscriptionResponse>(
      endpoints.stripe.cancelSubscription.path,
      { reason: { code: 1 } },
    );
    assert.equal(canceled.status, 200);
    assert.equal((await call(endpoints.stripe.removePaymentMethod.path)).status, 200);
    let view = await me();
    assert.equal(view.subscription.state, 'canceled');
    assert.equal(view.subscription.paymentMethod, null);

    const preview = await call<UpgradePreview>(endpoints.stripe.previewCost.path, {
      plan: 'annual',
      product: 'team',
    });
    assert.equal(preview.status, 200);
    assert.equal(preview.body.details.timing, 'now');
    assert.ok(preview.body.payment.amount > 0);
    const paid = await call<PayResponse>(endpoints.stripe.pay.path, {
      plan: 'annual',
      product: 'team',
      source: 'pm_card_visa',
      payment: preview.body.payment.amount,
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    assert.equal(paid.body.message, billingMessages.paymentSuccess);
    assert.equal(paid.body.plan?.product, 'team');
    assert.match(paid.body.invoiceExternalId ?? '', /^in_sbx_/);
    view = await me();
    assert.equal(view.subscription.state, 'active', 'the renewal runs again');
    assert.equal(view.subscription.planTitle, 'Team');
    assert.equal(view.subscription.plan, 'annual');
    assert.equal(view.subscription.isCanceled, false);
    assert.deepEqual(view.subscription.card, { brand: 'visa', last4: '4242' });
    const invoices: Array<{ total_cents: number }> = await db().query(
      `SELECT total_cents FROM invoices WHERE customer_id = $1 ORDER BY paid_at`,
      [customer.id],
    );
    assert.deepEqual(
      invoices.map((i) => i.total_cents),
      [3500, preview.body.payment.amount],
    );
  });

  it('gives the cost as paid: the coupon taken off this period, the regular price next', async () => {
    const { call, me } = await signedIn();
    await db().query(`INSERT INTO coupons (code, type, discount) VALUES ('SAVE15', 'percent', 15)`);
    const paid = await call<PayResponse>(endpoints.stripe.pay.path, {
      plan: 'monthly',
      product: 'pro',
      coupon: 'SAVE15',
      source: 'pm_card_visa',
      payment: 2975,
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    const view = await me();
    assert.equal(view.subscription.planPrice, 29.75);
    assert.equal(view.subscription.renewalPrice, 35);
  });
});
