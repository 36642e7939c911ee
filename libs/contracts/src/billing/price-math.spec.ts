import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Plan, Product } from './catalog.js';
import { formatDate, formatMoney } from '../format/format.js';
import {
  billingCostText,
  shownBillingDate,
  annualSavingPercent,
  billingText,
  couponRibbon,
  couponSaving,
  monthlyPriceShown,
  planPriceView,
  planSaving,
  planTotal,
  priceUnit,
  promoSavingPercent,
  yearlySavingText,
} from './price-math.js';

const plan = (fields: Partial<Plan> & Pick<Plan, 'months' | 'monthly_price'>): Plan => ({
  id: 'x',
  title: 'X',
  original_price: fields.monthly_price,
  coupon: null,
  coupon_refusal: null,
  seats_plan: null,
  ...fields,
});

// The seeded prices (migrations/1795700000000-Billing.ts), in dollars; team is for 3 seats.
const pro: Product = {
  name: 'pro',
  access_level: 2,
  short_description: '',
  plans: {
    monthly: plan({ months: 1, monthly_price: 35 }),
    annual: plan({ months: 12, monthly_price: 20, original_price: 35 }),
  },
};
const team: Product = {
  name: 'team',
  access_level: 3,
  short_description: '',
  plans: {
    monthly: plan({ months: 1, monthly_price: 135 }),
    annual: plan({ months: 12, monthly_price: 90, original_price: 135 }),
  },
};
const starter: Product = {
  name: 'starter',
  access_level: 1,
  short_description: '',
  plans: {
    monthly: plan({ months: 1, monthly_price: 12 }),
    annual: plan({ months: 12, monthly_price: 9, original_price: 12 }),
  },
};

describe('price math', () => {
  it('shows plan prices with cents, other amounts with cents only when not whole', () => {
    assert.equal(formatMoney(20, { cents: 'always' }), '$20.00');
    assert.equal(formatMoney(29.999, { cents: 'always' }), '$30.00');
    assert.equal(formatMoney(0.1 + 0.2, { cents: 'always' }), '$0.30');
    assert.equal(formatMoney(48), '$48');
    assert.equal(formatMoney(45.6), '$45.60');
    assert.equal(formatMoney(12.345), '$12.35');
  });

  it("writes '/mo', and '/seat/mo' with the team price divided by its 3 seats", () => {
    assert.equal(priceUnit(pro), '/mo');
    assert.equal(priceUnit(team), '/seat/mo');
    assert.equal(monthlyPriceShown(team, team.plans.annual!), 30);
    assert.equal(monthlyPriceShown(team, team.plans.monthly!), 45);
    assert.equal(monthlyPriceShown(pro, pro.plans.annual!), 20);
  });

  it("writes 'Billed yearly' or 'Billed monthly', with ', incl. 3 seats' for team", () => {
    assert.equal(billingText(pro, 'annual'), 'Billed yearly');
    assert.equal(billingText(pro, 'monthly'), 'Billed monthly');
    assert.equal(billingText(team, 'annual'), 'Billed yearly, incl. 3 seats');
    assert.equal(billingText(team, 'monthly'), 'Billed monthly, incl. 3 seats');
  });

  it('totals monthly_price × months and rounds the saving to 1 decimal', () => {
    assert.equal(planTotal(pro.plans.annual!), 240);
    assert.equal(planTotal(pro.plans.monthly!), 35);
    assert.equal(planTotal(plan({ months: 12, monthly_price: 15.99 })), 191.88);
    assert.equal(planSaving(pro.plans.annual!), 180);
    assert.equal(planSaving(plan({ months: 3, monthly_price: 10.333, original_price: 12 })), 5);
    assert.equal(planSaving(plan({ months: 12, monthly_price: 8.33, original_price: 12 })), 44);
    assert.equal(planSaving(plan({ months: 12, monthly_price: 8.2, original_price: 12 })), 45.6);
  });

  it("writes 'Save ${n}/year' for annual plans with a saving, nothing otherwise", () => {
    assert.equal(yearlySavingText(pro.plans.annual!), 'Save $180/year');
    assert.equal(yearlySavingText(team.plans.annual!), 'Save $540/year');
    assert.equal(yearlySavingText(starter.plans.annual!), 'Save $36/year');
    assert.equal(yearlySavingText(pro.plans.monthly!), null);
    assert.equal(yearlySavingText(plan({ months: 12, monthly_price: 10 })), null);
  });

  it("writes the coupon ribbon 'Save N%' (truncated) or 'Save $N'", () => {
    assert.equal(couponRibbon({ type: 'percent', discount: 20 }), 'Save 20%');
    assert.equal(couponRibbon({ type: 'percent', discount: 33.9 }), 'Save 33%');
    assert.equal(couponRibbon({ type: 'amount', discount: 36 }), 'Save $36');
    assert.equal(couponRibbon({ type: 'amount', discount: 10.5 }), 'Save $10.50');
  });

  it('shows the Pro annual saving percentage truncated, only when above 0', () => {
    // 1 - 20/35 = 42.86 %
    assert.equal(annualSavingPercent(pro), 42);
    assert.equal(
      annualSavingPercent({ ...pro, plans: { annual: plan({ months: 12, monthly_price: 35 }) } }),
      null,
    );
    assert.equal(annualSavingPercent(undefined), null);
    // With a 20 % coupon on top: 1 - 16/35 = 54.29 %
    assert.equal(
      annualSavingPercent({
        ...pro,
        plans: { annual: plan({ months: 12, monthly_price: 16, original_price: 35 }) },
      }),
      54,
    );
  });

  it('reads Black Friday as 20% off one year of Pro annual: save $48', () => {
    const coupon = { type: 'percent', discount: 20 } as const;
    const saving = couponSaving(coupon, planTotal(pro.plans.annual!));
    assert.equal(saving, 48);
    assert.equal(formatMoney(saving), '$48');
    assert.equal(couponRibbon(coupon), 'Save 20%');
    assert.equal(promoSavingPercent(saving), 20);
  });

  it('reads Cyber Monday as save $36, 15% against the 240 base', () => {
    const coupon = { type: 'amount', discount: 36 } as const;
    assert.equal(couponSaving(coupon, planTotal(pro.plans.annual!)), 36);
    assert.equal(couponRibbon(coupon), 'Save $36');
    assert.equal(promoSavingPercent(36), 15);
    assert.equal(couponSaving(coupon, 20), 20, 'never more than the cycle');
  });

  it('reads Spring as 20% off the first cycle, monthly and annual: save up to $45.60', () => {
    const coupon = { type: 'percent', discount: 20 } as const;
    // A $19/mo annual plan: 228 a year, 20 % of it.
    assert.equal(couponSaving(coupon, planTotal(plan({ months: 12, monthly_price: 19 }))), 45.6);
    assert.equal(formatMoney(45.6), '$45.60');
    assert.equal(couponSaving(coupon, planTotal(plan({ months: 1, monthly_price: 19 }))), 3.8);
  });

  it('puts one column together: price, unit, billing, saving, ribbon, price before the coupon', () => {
    assert.deepEqual(planPriceView(team, 'annual'), {
      price: '$30.00',
      unit: '/seat/mo',
      billing: 'Billed yearly, incl. 3 seats',
      saving: 'Save $540/year',
      ribbon: null,
      before: null,
      total: 1080,
    });
    const withCoupon: Product = {
      ...pro,
      plans: {
        annual: plan({
          months: 12,
          monthly_price: 16,
          original_price: 35,
          coupon: { code: 'BF', text: 'Black Friday', type: 'percent', discount: 20 },
        }),
      },
    };
    assert.deepEqual(planPriceView(withCoupon, 'annual'), {
      price: '$16.00',
      unit: '/mo',
      billing: 'Billed yearly',
      saving: 'Save $228/year',
      ribbon: 'Save 20%',
      before: '$20.00',
      total: 192,
    });
    assert.equal(planPriceView(withCoupon, 'monthly'), null);
  });
});

describe('billing page dates and cost', () => {
  it('shows a card end date 12 hours earlier than stored, other methods as stored', () => {
    const endDate = '2026-12-25T06:00:00.000Z';
    assert.equal(shownBillingDate(endDate, 'card')?.toISOString(), '2026-12-24T18:00:00.000Z');
    assert.equal(shownBillingDate(endDate, 'paypal')?.toISOString(), endDate);
    assert.equal(shownBillingDate(endDate, 'none')?.toISOString(), endDate);
    assert.equal(shownBillingDate(null, 'card'), null);
    assert.equal(shownBillingDate('not a date', 'card'), null);
    assert.equal(formatDate(shownBillingDate(endDate, 'card')!, 'long'), 'December 24, 2026');
    assert.equal(formatDate(endDate, 'long'), 'December 25, 2026');
  });

  it('names the seats a team plan includes, its extra ones counted (issue 30)', () => {
    assert.equal(
      billingCostText({
        planPrice: 1440,
        plan: 'annual',
        accessLevel: 3,
        slots: { included: 3, extra: 1 },
      }),
      '$1,440 per year, incl. 4 seats',
    );
    assert.equal(
      billingCostText({
        planPrice: 35,
        plan: 'monthly',
        accessLevel: 2,
        slots: { included: 3, extra: 0 },
      }),
      '$35 per month',
    );
  });

  it('writes the cost per billing period with cents only when not whole, thousands separated', () => {
    assert.equal(
      billingCostText({ planPrice: 1440, plan: 'annual', accessLevel: 3 }),
      '$1,440 per year',
    );
    assert.equal(
      billingCostText({ planPrice: 29.75, plan: 'monthly', accessLevel: 2 }),
      '$29.75 per month',
    );
    assert.equal(
      billingCostText({ planPrice: 240, plan: 'annual', accessLevel: 2 }),
      '$240 per year',
    );
    assert.equal(
      billingCostText({ planPrice: 35, plan: 'monthly', accessLevel: 2 }),
      '$35 per month',
    );
    assert.equal(
      billingCostText({ planPrice: 191.88, plan: 'annual', accessLevel: 1 }),
      '$191.88 per year',
    );
    assert.equal(billingCostText({ planPrice: 0, plan: 'free', accessLevel: 0 }), '$0');
  });
});
