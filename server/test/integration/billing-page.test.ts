import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  billingMessages,
  endpoints,
  type BillingInfoResponse,
  type CancelSubscriptionResponse,
} from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';
import { signedInCustomer } from '../support/billing-client.js';
import { newSubscriptionRow } from '../support/factories.js';

/**
 * The billing page's calls (issue 30; billing-teams-apps §4, §5, §7, §8) on the sandbox
 * gateways: billing info (limits, trim, the include rule, the catalogue shape), removing the
 * payment method only when §4 allows it, and resuming a canceled renewal before its end.
 */
describe('billing page calls: billing info, remove payment method, resume', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({ web: false });
  });
  after(async () => {
    await app?.stop();
  });

  const db = () => app.runtime.dataSource;
  const signedIn = () => signedInCustomer(app);

  async function putInfo(client: Awaited<ReturnType<typeof signedIn>>['client'], body: unknown) {
    const response = await client.put(endpoints.customer.billingInfo.path, body);
    return {
      status: response.status,
      body: (await response.json()) as BillingInfoResponse & {
        error?: string;
        requestId?: string;
        errors?: Record<string, string>;
      },
    };
  }

  it('stores billing info trimmed, within 180 and 500 characters, and the customer object carries it', async () => {
    const { client, me } = await signedIn();
    const saved = await putInfo(client, {
      name: '  Acme Ltd  ',
      details: ' VAT DE123\nMain street 1 ',
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.deepEqual(saved.body, {
      name: 'Acme Ltd',
      details: 'VAT DE123\nMain street 1',
      include: true,
    });
    assert.deepEqual((await me()).customer.billing, saved.body);

    const limits = await putInfo(client, { name: 'n'.repeat(180), details: 'd'.repeat(500) });
    assert.equal(limits.status, 200);
    // Trimmed before the limit is checked.
    const padded = await putInfo(client, { name: ` ${'n'.repeat(180)} `, details: '' });
    assert.equal(padded.status, 200);

    const tooLong = await putInfo(client, { name: 'n'.repeat(181), details: 'd'.repeat(501) });
    assert.equal(tooLong.status, 422);
    assert.equal(tooLong.body.errors?.name, 'Billing name must be at most 180 characters long');
    assert.equal(
      tooLong.body.errors?.details,
      'Billing details must be at most 500 characters long',
    );
    assert.equal(typeof tooLong.body.requestId, 'string');
    const missing = await putInfo(client, { details: 'x' });
    assert.equal(missing.status, 422);
    assert.equal(missing.body.errors?.name, 'Billing name is required');
    for (const bad of [{ name: 5, details: '' }, [], 'text']) {
      const refused = await putInfo(client, bad);
      assert.ok(refused.status >= 400 && refused.status < 500, JSON.stringify(bad));
      assert.ok(refused.body.errors ?? refused.body.error, JSON.stringify(refused.body));
    }
    // Nothing of the refused calls was stored.
    assert.equal((await me()).customer.billing.name, 'n'.repeat(180));
  });

  it('marks billing info included only when a value differs from the account name or e-mail (§5)', async () => {
    const { client, customer } = await signedIn();
    const cases: Array<[{ name: string; details: string; include?: boolean }, boolean]> = [
      [{ name: '', details: '' }, false],
      [{ name: customer.name, details: '' }, false],
      [{ name: ` ${customer.name} `, details: customer.email.toUpperCase() }, false],
      // The caller's include is not trusted.
      [{ name: customer.name, details: customer.email, include: true }, false],
      [{ name: 'Acme Ltd', details: '' }, true],
      [{ name: customer.name, details: 'VAT DE123' }, true],
      [{ name: '', details: 'Main street 1' }, true],
    ];
    for (const [body, include] of cases) {
      const saved = await putInfo(client, body);
      assert.equal(saved.status, 200);
      assert.equal(saved.body.include, include, JSON.stringify(body));
    }
  });

  it('billing info needs a session: 401', async () => {
    const response = await fetch(`${app.url}${endpoints.customer.billingInfo.path}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({ name: 'x', details: '' }),
    });
    assert.equal(response.status, 401);
  });

  it('removes the payment method only when one is stored and the plan is canceled or expired (§4)', async () => {
    const refusal = billingMessages.removePaymentFailed;
    // Free: nothing stored.
    const free = await signedIn();
    const none = await free.call(endpoints.stripe.removePaymentMethod.path);
    assert.equal(none.status, 409);
    assert.equal(none.body.error, refusal);

    // Active: refused, the card stays.
    const active = await signedIn();
    await newSubscriptionRow(db(), active.customer.id, { planId: 'pro-monthly' });
    const kept = await active.call(endpoints.stripe.removePaymentMethod.path);
    assert.equal(kept.status, 409);
    assert.equal(kept.body.error, refusal);
    assert.equal((await active.me()).customer.subscription.paymentMethod, 'card');

    // The other gateway's call does not remove this one's method.
    const canceled = await signedIn();
    await newSubscriptionRow(db(), canceled.customer.id, {
      planId: 'pro-monthly',
      status: 'canceled',
    });
    const wrong = await canceled.call(endpoints.paypal.removePaymentMethod.path);
    assert.equal(wrong.status, 409);
    // Canceled: removed; the plan stays canceled until its end; a second time there is none.
    const removed = await canceled.call(endpoints.stripe.removePaymentMethod.path);
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    const view = (await canceled.me()).customer.subscription;
    assert.equal(view.paymentMethod, null);
    assert.equal(view.card, null);
    assert.equal(view.state, 'canceled');
    assert.equal(view.pastDue, null);
    const twice = await canceled.call(endpoints.stripe.removePaymentMethod.path);
    assert.equal(twice.status, 409);
    assert.equal(twice.body.error, refusal);

    // Expired, PayPal: removed through the wallet's call.
    const expired = await signedIn();
    await newSubscriptionRow(db(), expired.customer.id, {
      planId: 'pro-monthly',
      status: 'expired',
      paymentMethod: 'paypal',
      periodEnd: new Date(Date.now() - 86_400_000),
    });
    const gone = await expired.call(endpoints.paypal.removePaymentMethod.path);
    assert.equal(gone.status, 200, JSON.stringify(gone.body));
    assert.equal((await expired.me()).customer.subscription.paypal, null);
  });

  for (const kind of ['card', 'paypal'] as const) {
    it(`resumes a canceled ${kind} renewal before its end date; the reason stays stored`, async () => {
      const { customer, call, me } = await signedIn();
      const gateway = kind === 'card' ? endpoints.stripe : endpoints.paypal;
      const paid =
        kind === 'card'
          ? await call(endpoints.stripe.pay.path, {
              plan: 'monthly',
              product: 'pro',
              source: 'pm_card_visa',
            })
          : await call(endpoints.paypal.pay.path, {
              plan: 'monthly',
              product: 'pro',
              nonce: 'fake-paypal-billing-agreement-nonce',
            });
      assert.equal(paid.status, 200, JSON.stringify(paid.body));

      // Nothing to resume while the plan renews.
      const early = await call(gateway.resumeSubscription.path);
      assert.equal(early.status, 409);

      const canceled = await call<CancelSubscriptionResponse>(gateway.cancelSubscription.path, {
        reason: { code: 0, text: '  Too many other tools  ' },
      });
      assert.equal(canceled.status, 200, JSON.stringify(canceled.body));
      const endDate = canceled.body.endDate;
      assert.equal((await me()).customer.subscription.state, 'canceled');

      // The other gateway's call cannot resume it.
      const other = kind === 'card' ? endpoints.paypal : endpoints.stripe;
      assert.equal((await call(other.resumeSubscription.path)).status, 409);

      const resumed = await call<CancelSubscriptionResponse>(gateway.resumeSubscription.path);
      assert.equal(resumed.status, 200, JSON.stringify(resumed.body));
      assert.equal(resumed.body.endDate, endDate);
      const view = (await me()).customer.subscription;
      assert.equal(view.state, 'active');
      assert.equal(view.isCanceled, false);
      assert.equal(view.endDate, endDate);

      const reasons: Array<{ reason_code: number; reason_text: string }> = await db().query(
        `SELECT reason_code, reason_text FROM subscription_cancellations WHERE customer_id = $1`,
        [customer.id],
      );
      assert.deepEqual(reasons, [{ reason_code: 0, reason_text: 'Too many other tools' }]);

      // Canceled again and its method removed: there is nothing to renew with.
      await call(gateway.cancelSubscription.path, { reason: { code: 3 } });
      assert.equal((await call(gateway.removePaymentMethod.path)).status, 200);
      const bare = await call(gateway.resumeSubscription.path);
      assert.equal(bare.status, 409);
      assert.equal(bare.body.error, billingMessages.noPaymentMethod);
      assert.equal((await me()).customer.subscription.state, 'canceled');
    });
  }

  it('a free or expired plan cannot be resumed (409)', async () => {
    const free = await signedIn();
    assert.equal((await free.call(endpoints.stripe.resumeSubscription.path)).status, 409);
    const expired = await signedIn();
    await newSubscriptionRow(db(), expired.customer.id, {
      planId: 'pro-monthly',
      status: 'canceled',
      periodEnd: new Date(Date.now() - 1000),
    });
    const refused = await expired.call(endpoints.stripe.resumeSubscription.path);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.error, billingMessages.notUpgrade);
  });
});
