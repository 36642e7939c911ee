import {
  PERIOD_MONTHS,
  TEAM_INCLUDED_SEATS,
  type PayablePeriod,
  type Plan,
  type PlanCoupon,
  type Product,
} from './catalog.js';
import { billingMessages } from './billing-messages.js';
import type { SubscriptionView } from './subscription.js';
import { PROMO_SAVING_BASE_DOLLARS } from '../coupons/coupon.js';
import { formatMoney } from '../format/format.js';

/**
 * All price and saving math of the pricing page and dialogs (billing-teams-apps §2, §9), in
 * dollars as the plan objects carry them. Amounts are rounded to cents first, so float noise
 * (0.1 + 0.2) never reaches a label.
 */

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON) * factor) / factor;
};

/** Rounds dollars to cents. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/*
 * Amounts read through formatMoney (format/format.ts): a plan column's price always with cents
 * ('$20.00', §2), any other amount (savings, totals, ribbons, costs) with cents only when it has
 * any (§9): '$48', '$45.60', '$1,440'.
 */

/** The team plan is priced for its 3 included seats; the page shows it per seat (§9). */
export function isPerSeat(product: Pick<Product, 'access_level'>): boolean {
  return product.access_level === 3;
}

/** Dollars per month the column shows: per seat for team (the 3-seat price ÷ 3). */
export function monthlyPriceShown(product: Pick<Product, 'access_level'>, plan: Plan): number {
  return isPerSeat(product) ? plan.monthly_price / TEAM_INCLUDED_SEATS : plan.monthly_price;
}

/** '/mo', or '/seat/mo' for team. */
export function priceUnit(product: Pick<Product, 'access_level'>): '/mo' | '/seat/mo' {
  return isPerSeat(product) ? '/seat/mo' : '/mo';
}

/** 'Billed yearly' or 'Billed monthly'; team adds ', incl. 3 seats'. */
export function billingText(product: Pick<Product, 'access_level'>, period: PayablePeriod): string {
  const text = period === 'annual' ? billingMessages.billedYearly : billingMessages.billedMonthly;
  return isPerSeat(product) ? `${text}${billingMessages.inclSeats}` : text;
}

/** Total price of one billing cycle: monthly_price × months, rounded to cents (§9). */
export function planTotal(plan: Pick<Plan, 'monthly_price' | 'months'>): number {
  return toCents(plan.monthly_price * plan.months) / 100;
}

/** Saving of one cycle: (original − monthly price) × months, rounded to 1 decimal (§9). */
export function planSaving(
  plan: Pick<Plan, 'monthly_price' | 'original_price' | 'months'>,
): number {
  return round((plan.original_price - plan.monthly_price) * plan.months, 1);
}

/**
 * 'Save ${n}/year' under an annual price: the monthly price × 12 against the original, or null
 * when there is nothing saved (monthly plans, or a plan sold at its original price).
 */
export function yearlySavingText(plan: Plan): string | null {
  if (plan.months !== PERIOD_MONTHS.annual) return null;
  const saving = planSaving(plan);
  return saving > 0 ? `Save ${formatMoney(saving)}/year` : null;
}

/** The coupon ribbon: 'Save N%' (truncated) for percent coupons, 'Save $N' for amounts. */
export function couponRibbon(coupon: Pick<PlanCoupon, 'type' | 'discount'>): string {
  return coupon.type === 'percent'
    ? `Save ${Math.trunc(coupon.discount)}%`
    : `Save ${formatMoney(coupon.discount)}`;
}

/**
 * What a coupon takes off the first billing cycle of a plan priced `cycleDollars` before it:
 * percent of the cycle, or the amount (never more than the cycle), rounded to 1 decimal.
 */
export function couponSaving(
  coupon: Pick<PlanCoupon, 'type' | 'discount'>,
  cycleDollars: number,
): number {
  const saving =
    coupon.type === 'percent'
      ? (cycleDollars * coupon.discount) / 100
      : Math.min(coupon.discount, cycleDollars);
  return round(saving, 1);
}

/** A coupon's saving as a percentage of the promotions' 240-dollar base, truncated (§9). */
export function promoSavingPercent(savingDollars: number): number {
  return Math.trunc(round((savingDollars / PROMO_SAVING_BASE_DOLLARS) * 100, 6));
}

/**
 * The Pro annual saving percentage against the monthly plan's price, truncated; null when it is
 * not above 0 (§2: shown only then).
 */
export function annualSavingPercent(product: Product | undefined): number | null {
  const annual = product?.plans.annual;
  if (!annual || annual.original_price <= 0) return null;
  const percent = Math.trunc(
    round(((annual.original_price - annual.monthly_price) / annual.original_price) * 100, 6),
  );
  return percent > 0 ? percent : null;
}

/** Everything a plan column shows about its price for one period, or null without that plan. */
export interface PlanPriceView {
  /** '$30.00' */
  price: string;
  /** '/mo' or '/seat/mo' */
  unit: '/mo' | '/seat/mo';
  /** 'Billed yearly, incl. 3 seats' */
  billing: string;
  /** 'Save $540/year', or null */
  saving: string | null;
  /** 'Save 20%' or 'Save $36', or null without a coupon */
  ribbon: string | null;
  /** The price before the coupon per month (per seat for team), when a coupon lowered it. */
  before: string | null;
  /** Dollars charged for the first cycle: monthly_price × months. */
  total: number;
}

export function planPriceView(product: Product, period: PayablePeriod): PlanPriceView | null {
  const plan = product.plans[period];
  if (!plan) return null;
  const shown = monthlyPriceShown(product, plan);
  const beforeCoupon =
    plan.coupon && plan.coupon.type === 'percent' && plan.coupon.discount < 100
      ? plan.monthly_price / (1 - plan.coupon.discount / 100)
      : null;
  return {
    price: formatMoney(shown, { cents: 'always' }),
    unit: priceUnit(product),
    billing: billingText(product, period),
    saving: yearlySavingText(plan),
    ribbon: plan.coupon ? couponRibbon(plan.coupon) : null,
    before:
      beforeCoupon !== null && toCents(beforeCoupon) !== toCents(plan.monthly_price)
        ? formatMoney(isPerSeat(product) ? beforeCoupon / TEAM_INCLUDED_SEATS : beforeCoupon, {
            cents: 'always',
          })
        : null,
    total: planTotal(plan),
  };
}

/** §2: the billing end date of a card payment is shown 12 hours earlier than stored. */
export const CARD_END_DATE_SHIFT_MS = 12 * 60 * 60 * 1000;

/**
 * The one place of the 12-hour rule (billing-teams-apps §2, account-and-auth §9): the end of a
 * paid period (the next renewal, 'Available until', the day a scheduled change starts, the
 * checkout's 'Renews on') as shown, 12 hours before the stored time when a card pays, as
 * stored otherwise; null without a valid date. Format it with formatDate(…, 'long').
 */
export function shownBillingDate(
  stored: string | Date | null,
  paymentMethod: 'card' | 'paypal' | 'none' | null,
): Date | null {
  if (stored === null) return null;
  const date = new Date(stored);
  if (Number.isNaN(date.getTime())) return null;
  return paymentMethod === 'card' ? new Date(date.getTime() - CARD_END_DATE_SHIFT_MS) : date;
}

/**
 * The cost line of the billing page: what this period cost, '$240 per year', '$29.75 per month',
 * '$1,440 per year'.
 */
export function billingCostText(
  subscription: Pick<SubscriptionView, 'planPrice' | 'plan' | 'accessLevel'> & {
    slots?: Pick<SubscriptionView['slots'], 'included' | 'extra'>;
  },
): string {
  if (subscription.accessLevel === 0 || subscription.plan === 'free') return formatMoney(0);
  const cost = `${formatMoney(subscription.planPrice)} per ${periodWord(subscription.plan)}`;
  // A team plan's price is for its seats: the included ones and the extra ones (issue 30).
  if (subscription.accessLevel !== 3 || !subscription.slots) return cost;
  return `${cost}, incl. ${subscription.slots.included + subscription.slots.extra} seats`;
}

/** 'year' or 'month', as a price reads per period. */
export function periodWord(period: PayablePeriod): 'year' | 'month' {
  return period === 'annual' ? 'year' : 'month';
}
