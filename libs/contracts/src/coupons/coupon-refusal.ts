import { formatDate } from '../format/format.js';

/**
 * Why a coupon the customer asked for (`?coupon=`) takes nothing off a price (issue 28): the
 * prices call and the checkout preview carry it, and the pricing page and the checkout dialog
 * show its message next to the price. The wording is ours (decision record).
 */
export type CouponRefusalReason = 'unknown' | 'expired' | 'used-up' | 'other-plan';

export interface CouponRefusal {
  /** The code as the coupon has it, or as asked for when no coupon has it. */
  code: string;
  reason: CouponRefusalReason;
  /** What the page shows next to the price. */
  message: string;
}

/** What a refusal needs besides its code: the expiry (expired), the plan's title (other-plan). */
export type CouponRefusalDetails =
  | { reason: 'unknown' | 'used-up' }
  | { reason: 'expired'; expiresAt: Date }
  | { reason: 'other-plan'; planTitle: string };

const longDate = (date: Date) => formatDate(date, 'long');

export function couponRefusalMessage(code: string, details: CouponRefusalDetails): string {
  switch (details.reason) {
    case 'unknown':
      return `The coupon code ${code} is not valid.`;
    case 'expired':
      return `The coupon ${code} expired on ${longDate(details.expiresAt)} and is not applied.`;
    case 'used-up':
      return `The coupon ${code} has been used up and is not applied.`;
    case 'other-plan':
      return `The coupon ${code} is for the ${details.planTitle} plan only and is not applied to this plan.`;
  }
}

export function couponRefusal(code: string, details: CouponRefusalDetails): CouponRefusal {
  return { code, reason: details.reason, message: couponRefusalMessage(code, details) };
}
