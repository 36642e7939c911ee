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

/** A plan column's price: always with cents ('$20.00'), as the pricing page shows it (§2). */
export function priceWithCents(dollars: number): string {
  return `$${(toCents(dollars) / 100).toFixed(2)}`;
}

/**
 * Any other amount (savings, totals, ribbons): rounded to cents, decimals only when not whole
 * (§9): '$48', '$45.6', '$12.34'.
 */
export function amountText(dollars: number): string {
  const value = toCents(dollars) / 100;
  return `$${Number.isInteger(value) ? value : String(value)}`;
}

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
  return saving > 0 ? `Save ${amountText(saving)}/year` : null;
}

/** The coupon ribbon: 'Save N%' (truncated) for percent coupons, 'Save $N' for amounts. */
export function couponRibbon(coupon: Pick<PlanCoupon, 'type' | 'discount'>): string {
  return coupon.type === 'percent'
    ? `Save ${Math.trunc(coupon.discount)}%`
    : `Save ${amountText(coupon.discount)}`;
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
    price: priceWithCents(shown),
    unit: priceUnit(product),
    billing: billingText(product, period),
    saving: yearlySavingText(plan),
    ribbon: plan.coupon ? couponRibbon(plan.coupon) : null,
    before:
      beforeCoupon !== null && toCents(beforeCoupon) !== toCents(plan.monthly_price)
        ? priceWithCents(isPerSeat(product) ? beforeCoupon / TEAM_INCLUDED_SEATS : beforeCoupon)
        : null,
    total: planTotal(plan),
  };
}

/** §2: the billing end date of a card payment is shown 12 hours earlier than stored. */
export const CARD_END_DATE_SHIFT_MS = 12 * 60 * 60 * 1000;

/**
 * The end date the billing page shows (next renewal, 'Available until', past due): 12 hours
 * before the stored one for card payments, as stored otherwise; null without one.
 */
export function billingEndDate(
  subscription: Pick<SubscriptionView, 'endDate' | 'paymentMethod'>,
): Date | null {
  if (!subscription.endDate) return null;
  const stored = new Date(subscription.endDate);
  if (Number.isNaN(stored.getTime())) return null;
  return subscription.paymentMethod === 'card'
    ? new Date(stored.getTime() - CARD_END_DATE_SHIFT_MS)
    : stored;
}

/** A billing date in English long date format, GMT: 'December 25, 2026'. */
export function billingDateText(date: Date): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'GMT' }).format(date);
}

/** The cost line of the billing page: '$240 per year', '$35 per month', '$0.5 per month'. */
export function billingCostText(
  subscription: Pick<SubscriptionView, 'planPrice' | 'plan' | 'accessLevel'>,
): string {
  if (subscription.accessLevel === 0 || subscription.plan === 'free') return '$0';
  const per = subscription.plan === 'annual' ? 'year' : 'month';
  return `${amountText(subscription.planPrice)} per ${per}`;
}
