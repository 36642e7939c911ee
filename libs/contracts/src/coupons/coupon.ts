import { formatCents, formatDate } from '../format/format.js';
/** The site coupon (billing-teams-apps §3) as the sign-in pages and popups read it. */
export type CouponDesign =
  'black-friday-promo' | 'cyber-monday-promo' | 'spring-2022' | 'gif-export-2022' | '';

export interface SiteCoupon {
  code: string;
  type: 'percent' | 'amount';
  /** Percent (1–100) or an amount in cents. */
  discount: number;
  /** ISO date-time, or null for no end. */
  expires: string | null;
  /** A plan name, or null for every plan. */
  limitation: 'starter' | 'pro' | 'team' | null;
  originalPriceCents: number | null;
  customDesign: CouponDesign;
}

/** GET {api}/coupons/site: the current site coupon, or null when none runs. */
export interface SiteCouponResponse {
  coupon: SiteCoupon | null;
}

/** The base the seasonal percent saving is computed against (§9). */
export const PROMO_SAVING_BASE_DOLLARS = 240;

/** The banner variant of the sign-in pages: the two seasonal designs, else the default. */
export function couponBannerVariant(
  coupon: SiteCoupon,
): 'black-friday-promo' | 'cyber-monday-promo' | 'default' {
  return coupon.customDesign === 'black-friday-promo' ||
    coupon.customDesign === 'cyber-monday-promo'
    ? coupon.customDesign
    : 'default';
}

/** '$10 OFF' or '20% OFF' (§9: coupon shown as $value or percent OFF). */
export function couponOffLabel(coupon: SiteCoupon): string {
  return coupon.type === 'percent'
    ? `${coupon.discount}% OFF`
    : `${formatCents(coupon.discount)} OFF`;
}

/** The saving in dollars against the 240 base (percent coupons) or the coupon's amount. */
export function couponSavingDollars(coupon: SiteCoupon): number {
  return coupon.type === 'percent'
    ? Math.round((PROMO_SAVING_BASE_DOLLARS * coupon.discount) / 100)
    : Math.round(coupon.discount / 100);
}

/** The percent saving of an amount coupon against the 240 base, truncated. */
export function couponSavingPercent(coupon: SiteCoupon): number {
  return coupon.type === 'percent'
    ? coupon.discount
    : Math.trunc((coupon.discount / 100 / PROMO_SAVING_BASE_DOLLARS) * 100);
}

/** Coupon expiry in English long date format, GMT (§9): 'November 30, 2026'. */
export function couponExpiryText(coupon: SiteCoupon): string | null {
  if (!coupon.expires) return null;
  return formatDate(coupon.expires, 'long');
}

export interface CouponBanner {
  variant: 'black-friday-promo' | 'cyber-monday-promo' | 'default';
  title: string;
  text: string;
}

/** The texts of the sign-in pages' coupon banner (the spec names the variants; wording ours). */
export function couponBanner(coupon: SiteCoupon): CouponBanner {
  const variant = couponBannerVariant(coupon);
  const expiry = couponExpiryText(coupon);
  const ends = expiry ? ` Ends ${expiry}.` : '';
  if (variant === 'black-friday-promo') {
    return {
      variant,
      title: `Black Friday: ${couponSavingPercent(coupon)}% OFF for one year`,
      text: `Annual sale: save up to $${couponSavingDollars(coupon)}.${ends}`,
    };
  }
  if (variant === 'cyber-monday-promo') {
    return {
      variant,
      title: `Cyber Monday: save $${couponSavingDollars(coupon)}`,
      text: `That is ${couponSavingPercent(coupon)}% off a year of animating.${ends}`,
    };
  }
  const plan = coupon.limitation
    ? ` on the ${coupon.limitation[0]!.toUpperCase()}${coupon.limitation.slice(1)} plan`
    : '';
  return {
    variant,
    title: `${couponOffLabel(coupon)}${plan}`,
    text: `Use code ${coupon.code} at checkout.${ends}`,
  };
}
