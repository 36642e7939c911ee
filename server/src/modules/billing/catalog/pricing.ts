import { couponRefusal, type CouponRefusal, type PlanCoupon } from '@animata/contracts';
import type { CouponRecord, PlanRecord } from './catalog.repository.js';

/** What a coupon's ribbon may say, by its custom design; the code otherwise. */
const COUPON_TEXTS: Record<string, string> = {
  'black-friday-promo': 'Black Friday',
  'cyber-monday-promo': 'Cyber Monday',
  'spring-2022': 'Spring',
  'gif-export-2022': 'GIF Export',
};

/** A coupon runs until its expiry and while its redemptions are below its limit, if any. */
export function couponState(coupon: CouponRecord, now: Date): 'live' | 'expired' | 'used-up' {
  if (coupon.expiresAt !== null && coupon.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions)
    return 'used-up';
  return 'live';
}

/**
 * The coupon prices use: the requested code when it exists and runs, else the site coupon when
 * it runs, else none. An unknown or expired code is no error, it just gives no coupon of its own
 * (the refusal says why). `redemptionHeld`: the checkout holds a redemption of it already, so a
 * coupon at its limit still applies (that redemption may be the last).
 */
export function chooseCoupon(
  requested: CouponRecord | null,
  site: CouponRecord | null,
  now: Date,
  redemptionHeld = false,
): CouponRecord | null {
  const usable = (coupon: CouponRecord) => {
    const state = couponState(coupon, now);
    return state === 'live' || (redemptionHeld && state === 'used-up');
  };
  if (requested && usable(requested)) return requested;
  if (site && usable(site)) return site;
  return null;
}

/** The plans any coupon may take something off: the purchasable ones of the paid products. */
function discountable(plan: PlanRecord): boolean {
  return plan.purchasable && plan.product !== 'free' && plan.product !== 'team-slot';
}

/** A coupon applies to the purchasable plans (monthly, annual) of its product, or of all paid. */
export function couponAppliesTo(coupon: CouponRecord, plan: PlanRecord): boolean {
  if (!discountable(plan)) return false;
  return coupon.limitation === null || coupon.limitation === plan.product;
}

/**
 * Why the code the customer asked for takes nothing off this plan's price: no coupon has it,
 * it expired, it is used up, or it is for another plan. Null when it applies, when no code was
 * asked for (the site coupon's limits are its banner's business), and on plans no coupon may
 * touch (free, quarterly).
 */
export function couponRefusalFor(
  requestedCode: string | null | undefined,
  requested: CouponRecord | null,
  plan: PlanRecord,
  now: Date,
  productTitle: (product: string) => string,
): CouponRefusal | null {
  const code = requestedCode?.trim();
  if (!code || !discountable(plan)) return null;
  if (!requested) return couponRefusal(code, { reason: 'unknown' });
  const state = couponState(requested, now);
  if (state === 'expired' && requested.expiresAt)
    return couponRefusal(requested.code, { reason: 'expired', expiresAt: requested.expiresAt });
  if (state === 'used-up') return couponRefusal(requested.code, { reason: 'used-up' });
  if (requested.limitation !== null && requested.limitation !== plan.product)
    return couponRefusal(requested.code, {
      reason: 'other-plan',
      planTitle: productTitle(requested.limitation),
    });
  return null;
}

export function planCoupon(coupon: CouponRecord): PlanCoupon {
  return {
    code: coupon.code,
    text: COUPON_TEXTS[coupon.customDesign ?? ''] ?? coupon.code,
    type: coupon.type,
    discount: coupon.type === 'percent' ? coupon.discount : coupon.discount / 100,
  };
}

/**
 * The first billing cycle's price of a plan in cents, with the coupon if it applies: percent
 * coupons take their share of the monthly price (rounded to the cent), amount coupons come off
 * the cycle's total (never below 0). `monthlyCents` is the cycle's total over its months.
 */
export function cyclePrice(
  plan: PlanRecord,
  coupon: CouponRecord | null,
): { monthlyCents: number; totalCents: number; originalTotalCents: number; applied: boolean } {
  const originalTotalCents = plan.monthlyPriceCents * plan.months;
  if (!coupon || !couponAppliesTo(coupon, plan))
    return {
      monthlyCents: plan.monthlyPriceCents,
      totalCents: originalTotalCents,
      originalTotalCents,
      applied: false,
    };
  if (coupon.type === 'percent') {
    const monthlyCents = Math.round((plan.monthlyPriceCents * (100 - coupon.discount)) / 100);
    return {
      monthlyCents,
      totalCents: monthlyCents * plan.months,
      originalTotalCents,
      applied: true,
    };
  }
  const totalCents = Math.max(0, originalTotalCents - coupon.discount);
  return {
    monthlyCents: Math.round(totalCents / plan.months),
    totalCents,
    originalTotalCents,
    applied: true,
  };
}

export const dollars = (cents: number): number => Math.round(cents) / 100;
