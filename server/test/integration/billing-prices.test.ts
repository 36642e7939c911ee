import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  endpoints,
  fillPath,
  type PaymentConfigResponse,
  type PricesResponse,
} from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';

describe('prices: GET pricing/prices with and without coupons, payment config', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({ web: false });
    await app.runtime.dataSource.query(
      `INSERT INTO coupons (code, type, discount, expires_at, limitation, custom_design) VALUES
        ('BLACKFRIDAY', 'percent', 20, now() + interval '7 days', NULL, 'black-friday-promo'),
        ('CYBER36', 'amount', 3600, now() + interval '7 days', 'pro', 'cyber-monday-promo'),
        ('OLD50', 'percent', 50, '2026-01-15T12:00:00Z', NULL, NULL)`,
    );
    await app.runtime.dataSource.query(
      `INSERT INTO coupons (code, type, discount, max_redemptions, redemptions)
       VALUES ('FIRST100', 'percent', 30, 100, 100)`,
    );
  });
  after(async () => {
    await app?.stop();
  });

  const get = async (coupon?: string) => {
    const response = await fetch(
      `${app.url}${fillPath(endpoints.pricing.prices.path, { query: coupon === undefined ? {} : { coupon } })}`,
    );
    return { status: response.status, body: (await response.json()) as PricesResponse };
  };
  const plan = (body: PricesResponse, product: string, period: 'monthly' | 'annual') =>
    body.products.find((p) => p.name === product)?.plans[period];

  it('lists free, starter, pro and team with their plans in dollars, team for 3 seats', async () => {
    const { status, body } = await get();
    assert.equal(status, 200);
    assert.deepEqual(
      body.products.map((p) => [p.name, p.access_level]),
      [
        ['free', 0],
        ['starter', 1],
        ['pro', 2],
        ['team', 3],
      ],
    );
    assert.deepEqual(body.products[0]!.plans, {});
    assert.deepEqual(plan(body, 'pro', 'annual'), {
      id: 'pro-annual',
      title: 'Pro',
      months: 12,
      monthly_price: 20,
      original_price: 35,
      coupon: null,
      coupon_refusal: null,
      seats_plan: null,
    });
    assert.equal(plan(body, 'pro', 'monthly')?.monthly_price, 35);
    assert.equal(body.products[2]!.plans.quarterly?.months, 3);
    assert.deepEqual(plan(body, 'team', 'annual')?.seats_plan, {
      id: 'team-slot-annual',
      monthly_price: 30,
    });
    assert.equal(plan(body, 'team', 'annual')?.monthly_price, 90);
  });

  it('applies a percent coupon to every paid plan', async () => {
    const { body } = await get('blackfriday');
    assert.deepEqual(plan(body, 'pro', 'annual')?.coupon, {
      code: 'BLACKFRIDAY',
      text: 'Black Friday',
      type: 'percent',
      discount: 20,
    });
    assert.equal(plan(body, 'pro', 'annual')?.monthly_price, 16);
    assert.equal(plan(body, 'starter', 'monthly')?.monthly_price, 9.6);
    assert.equal(body.products[2]!.plans.quarterly?.coupon, null);
  });

  it('applies an amount coupon to its plan only, off the first cycle', async () => {
    const { body } = await get('CYBER36');
    assert.equal(plan(body, 'pro', 'annual')?.coupon?.discount, 36);
    assert.equal(plan(body, 'pro', 'annual')?.monthly_price, 17);
    assert.equal(plan(body, 'starter', 'annual')?.coupon, null);
    assert.deepEqual(plan(body, 'starter', 'annual')?.coupon_refusal, {
      code: 'CYBER36',
      reason: 'other-plan',
      message: 'The coupon CYBER36 is for the Pro plan only and is not applied to this plan.',
    });
    assert.equal(plan(body, 'pro', 'annual')?.coupon_refusal, null);
    assert.equal(body.products[0]!.plans.monthly, undefined, 'free has no plan to refuse on');
  });

  it('gives no coupon for an expired, used-up or unknown code and says why next to each price', async () => {
    const table: Array<[string, string | null]> = [
      ['old50', 'The coupon OLD50 expired on January 15, 2026 and is not applied.'],
      ['FIRST100', 'The coupon FIRST100 has been used up and is not applied.'],
      ['NOPE', 'The coupon code NOPE is not valid.'],
      ['', null],
    ];
    for (const [code, message] of table) {
      const { status, body } = await get(code);
      assert.equal(status, 200);
      for (const product of ['starter', 'pro', 'team'])
        for (const period of ['monthly', 'annual'] as const) {
          assert.equal(plan(body, product, period)?.coupon, null);
          assert.equal(plan(body, product, period)?.coupon_refusal?.message ?? null, message, code);
        }
      assert.equal(plan(body, 'pro', 'annual')?.monthly_price, 20);
    }
    const long = await get('x'.repeat(65));
    assert.equal(long.status, 422);
  });

  it('applies the site coupon when no code is given', async () => {
    await app.runtime.dataSource.query(
      `UPDATE coupons SET is_site_coupon = true WHERE code = 'BLACKFRIDAY'`,
    );
    try {
      const { body } = await get();
      assert.equal(plan(body, 'team', 'monthly')?.coupon?.code, 'BLACKFRIDAY');
    } finally {
      await app.runtime.dataSource.query(`UPDATE coupons SET is_site_coupon = false`);
    }
  });

  it('answers null keys while the sandbox gateways run', async () => {
    const response = await fetch(`${app.url}${endpoints.pricing.paymentConfig.path}`);
    assert.equal(response.status, 200);
    assert.deepEqual((await response.json()) as PaymentConfigResponse, {
      stripePublishableKey: null,
      braintreeClientToken: null,
    });
  });
});
