import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { endpoints } from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newSessionCookie } from '../support/factories.js';
import { cookieCaller } from '../support/http-client.js';

/**
 * A coupon's redemption limit with the sandbox gateways (the embedded default): the card and
 * the wallet charge the discount of the last redemption, then the code is used up.
 */
describe('coupon redemption limits with the sandbox gateways', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({ web: false });
  });
  after(async () => {
    await app?.stop();
  });

  const db = () => app.runtime.dataSource;

  async function signedIn() {
    const customer = await newCustomer(db());
    return { customer, call: cookieCaller(app, await newSessionCookie(app, customer.id)) };
  }

  const chargedTo = async (customerId: string) =>
    (
      (await db().query(`SELECT total_cents FROM invoices WHERE customer_id = $1`, [
        customerId,
      ])) as Array<{ total_cents: number }>
    ).map((row) => row.total_cents);

  for (const [kind, path, method] of [
    ['card', endpoints.stripe.pay.path, { source: 'pm_card_visa' }],
    ['wallet', endpoints.paypal.pay.path, { nonce: 'fake-paypal-billing-agreement-nonce' }],
  ] as const) {
    it(`charges the last redemption's discount by ${kind}, then the code is used up`, async () => {
      const code = `LAST${kind.toUpperCase()}`;
      await db().query(
        `INSERT INTO coupons (code, type, discount, max_redemptions) VALUES ($1, 'percent', 20, 1)`,
        [code],
      );
      const first = await signedIn();
      const paid = await first.call('POST', path, {
        plan: 'annual',
        product: 'pro',
        coupon: code,
        payment: 19200,
        ...method,
      });
      assert.equal(paid.status, 200, JSON.stringify(paid.body));
      assert.deepEqual(await chargedTo(first.customer.id), [19200]);

      const second = await signedIn();
      const refused = await second.call<{ errors?: Record<string, string> }>('POST', path, {
        plan: 'annual',
        product: 'pro',
        coupon: code,
        payment: 19200,
        ...method,
      });
      assert.equal(refused.status, 409);
      assert.deepEqual(refused.body.errors, {
        '.': `The coupon ${code} has been used up and is not applied.`,
      });
      assert.deepEqual(await chargedTo(second.customer.id), []);
    });
  }
});
