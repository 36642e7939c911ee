/** Plans and prices (billing-teams-apps §1, §3, §9). Amounts in plan objects are dollars. */
import type { CouponRefusal } from '../coupons/coupon-refusal.js';

export const PRODUCT_NAMES = ['free', 'starter', 'pro', 'team'] as const;
export type ProductName = (typeof PRODUCT_NAMES)[number];
/** The purchasable extra team seat; never shown as a plan column. */
export const TEAM_SLOT_PRODUCT = 'team-slot';

export const ACCESS_LEVELS = { free: 0, starter: 1, pro: 2, team: 3 } as const satisfies Record<
  ProductName,
  number
>;
export type AccessLevel = (typeof ACCESS_LEVELS)[ProductName];

/** The periods a customer can buy (§5: plan period must be monthly or annual). */
export const PAYABLE_PERIODS = ['monthly', 'annual'] as const;
export type PayablePeriod = (typeof PAYABLE_PERIODS)[number];
/** Quarterly appears in the comparison data only. */
export type PeriodName = PayablePeriod | 'quarterly';
export const PERIOD_MONTHS = { monthly: 1, quarterly: 3, annual: 12 } as const satisfies Record<
  PeriodName,
  number
>;

export const TEAM_INCLUDED_SEATS = 3;
export const TEAM_MAX_EXTRA_SEATS = 7;
export const TEAM_MAX_SEATS = TEAM_INCLUDED_SEATS + TEAM_MAX_EXTRA_SEATS;

export const PAYMENT_METHODS = ['card', 'paypal', 'none'] as const;
export type PaymentMethodName = (typeof PAYMENT_METHODS)[number];

export function isProductName(value: unknown): value is ProductName {
  return typeof value === 'string' && (PRODUCT_NAMES as readonly string[]).includes(value);
}
export function isPayablePeriod(value: unknown): value is PayablePeriod {
  return typeof value === 'string' && (PAYABLE_PERIODS as readonly string[]).includes(value);
}

/** A coupon as applied to one plan's price (§3 Plan.coupon). */
export interface PlanCoupon {
  /** The coupon code, e.g. 'BLACKFRIDAY'. */
  code: string;
  /** What the ribbon or banner may say about it, e.g. 'Black Friday'. */
  text: string;
  type: 'percent' | 'amount';
  /** Percent (1–100), or dollars off the first billing cycle for 'amount'. */
  discount: number;
}

/** §3 Plan: one product's price for one period. */
export interface Plan {
  /** Our plan id, e.g. 'pro-annual'; the gateways' price ids are configuration. */
  id: string;
  title: string;
  months: 1 | 3 | 12;
  /** Dollars per month (per seat for team) after the coupon, if any. */
  monthly_price: number;
  /** Dollars per month before any saving: the monthly plan's price. */
  original_price: number;
  coupon: PlanCoupon | null;
  /** Why the coupon asked for takes nothing off this plan's price; null when none was refused. */
  coupon_refusal: CouponRefusal | null;
  /** Team only: the extra-seat plan of the same period. */
  seats_plan: { id: string; monthly_price: number } | null;
}

/** §3 Product, as GET endpoints.pricing.prices lists them. */
export interface Product {
  name: ProductName;
  access_level: AccessLevel;
  short_description: string;
  plans: Partial<Record<PeriodName, Plan>>;
}

export interface PricesQuery {
  coupon?: string;
}
export interface PricesResponse {
  products: Product[];
}
