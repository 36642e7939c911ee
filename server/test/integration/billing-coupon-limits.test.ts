import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { endpoints, fillPath, type PricesResponse } from '@animata/contracts';
import { CouponsExit } from '../../src/cli/coupons-command.js';
import { PaymentReconciliation } from '../../src/modules/billing/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newSessionCookie } from '../support/factories.js';
import { cookieCaller } from '../support/http-client.js';
import { runOperatorCli } from '../support/operator-command.js';

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

  const redemptionsOf = async (code: string) =>
    (
      (await db().query(
        `SELECT c.redemptions, r.status
           FROM coupons c LEFT JOIN coupon_redemptions r ON r.coupon_id = c.id
          WHERE c.code = $1`,
        [code],
      )) as Array<{ redemptions: number; status: string | null }>
    ).map((row) => `${row.redemptions}:${row.status}`);

  it('a payment lost after the charge keeps its redemption: the retry redeems it once; an abandoned attempt gives it back', async () => {
    await db().query(
      `INSERT INTO coupons (code, type, discount, max_redemptions)
       VALUES ('KEEP', 'percent', 20, 1), ('GIVEBACK', 'percent', 20, 1)`,
    );
    const { customer, call } = await signedIn();
    const pay = () =>
      call('POST', endpoints.stripe.pay.path, {
        plan: 'annual',
        product: 'pro',
        coupon: 'KEEP',
        payment: 19200,
        source: 'pm_card_visa',
      });
    // The first call dies after the gateway charged: our write of the subscription is lost.
    await db().query(
      `CREATE FUNCTION lose_write() RETURNS trigger AS $$
         BEGIN RAISE EXCEPTION 'killed before the commit'; END $$ LANGUAGE plpgsql`,
    );
    await db().query(
      `CREATE TRIGGER lose_write BEFORE INSERT ON subscriptions FOR EACH ROW
         EXECUTE FUNCTION lose_write()`,
    );
    try {
      assert.equal((await pay()).status, 500);
    } finally {
      await db().query(`DROP TRIGGER lose_write ON subscriptions`);
      await db().query(`DROP FUNCTION lose_write()`);
    }
    assert.deepEqual(await redemptionsOf('KEEP'), ['1:held']);
    // The retry resumes the attempt under its key: the last redemption is its own, not used up.
    const retried = await pay();
    assert.equal(retried.status, 200, JSON.stringify(retried.body));
    assert.deepEqual(await redemptionsOf('KEEP'), ['1:redeemed']);
    assert.deepEqual(await chargedTo(customer.id), [19200]);

    // An attempt a crash left open before the gateway heard of it, holding the last GIVEBACK.
    const other = await newCustomer(db());
    const key = 'pay-abandoned-with-a-coupon';
    await db().query(
      `INSERT INTO payment_attempts
         (customer_id, gateway, product, plan_id, idempotency_key, coupon_code, created_at)
       VALUES ($1, 'sandbox-card', 'pro', 'pro-annual', $2, 'GIVEBACK', now() - interval '1 minute')`,
      [other.id, key],
    );
    await db().query(
      `WITH taken AS (
         UPDATE coupons SET redemptions = 1 WHERE code = 'GIVEBACK' RETURNING id
       )
       INSERT INTO coupon_redemptions (coupon_id, customer_id, payment_key, status)
       SELECT id, $1, $2, 'held' FROM taken`,
      [other.id, key],
    );
    const counts = await app.app.get(PaymentReconciliation).run();
    assert.equal(counts.abandoned, 1);
    assert.deepEqual(await redemptionsOf('GIVEBACK'), ['0:null']);
  });

  /** Runs the compiled `npm run coupons` on the test app's database, as an operator would. */
  function coupons(...args: string[]) {
    return runOperatorCli('coupons', args, {
      DATABASE_URL: app.database.url,
      DATA_DIR: app.config.dataDir,
    });
  }

  it("lets an operator set a code's limit and expiry with npm run coupons; prices follow", async () => {
    await db().query(
      `INSERT INTO coupons (code, type, discount, limitation, redemptions)
       VALUES ('SPRING', 'percent', 20, 'pro', 3)`,
    );
    const set = await coupons('set', 'spring', '--limit', '3', '--expires', '2027-03-01');
    assert.equal(set.code, CouponsExit.ok, set.stderr);
    assert.equal(
      set.stdout,
      'SPRING\t20% off\tpro\texpires 2027-03-01T00:00:00.000Z\t3/3 redeemed\n',
    );
    const prices = async () => {
      const response = await fetch(
        `${app.url}${fillPath(endpoints.pricing.prices.path, { query: { coupon: 'SPRING' } })}`,
      );
      const body = (await response.json()) as PricesResponse;
      return body.products.find((p) => p.name === 'pro')!.plans.annual!;
    };
    assert.equal(
      (await prices()).coupon_refusal?.message,
      'The coupon SPRING has been used up and is not applied.',
    );
    const unlimited = await coupons('set', 'SPRING', '--limit', 'none');
    assert.equal(unlimited.code, CouponsExit.ok, unlimited.stderr);
    assert.equal((await prices()).coupon?.code, 'SPRING');
    const rows = (await db().query(
      `SELECT max_redemptions, expires_at FROM coupons WHERE code = 'SPRING'`,
    )) as Array<{ max_redemptions: number | null; expires_at: Date }>;
    assert.deepEqual(rows, [
      { max_redemptions: null, expires_at: new Date('2027-03-01T00:00:00Z') },
    ]);
    const missing = await coupons('set', 'NOSUCH', '--limit', '5');
    assert.equal(missing.code, CouponsExit.noSuchCoupon);
    assert.equal(missing.stderr, 'No coupon has the code NOSUCH. Nothing was changed.\n');
  });
});
