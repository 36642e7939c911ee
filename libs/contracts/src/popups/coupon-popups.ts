import { pagePaths } from '../api/paths.js';
import { couponSaving, promoSavingPercent } from '../billing/price-math.js';
import {
  couponExpiryText,
  couponOffLabel,
  PROMO_SAVING_BASE_DOLLARS,
  type SiteCoupon,
} from '../coupons/coupon.js';
import { formatMoney } from '../format/format.js';
import { couponPopupName, type CouponPopupName } from './popup-selection.js';

/** What a coupon dialog says (§9 Promotions); every amount comes from the coupon. */
export interface CouponPopupView {
  name: CouponPopupName;
  /** The dialog's title. */
  title: string;
  /** The offer in large type: '20% OFF for one year'. */
  offer: string;
  text: string;
  /** 'Offer ends November 30, 2026' (English long date, GMT), or null without an end. */
  expiry: string | null;
  /** The button to the pricing page with the coupon. */
  action: { label: string; href: string };
}

export const couponPopupTexts = {
  action: 'Get the offer',
  close: 'Close',
  dismiss: 'No thanks',
} as const;

/** '/pricing?coupon=CODE' */
export function couponPricingHref(coupon: Pick<SiteCoupon, 'code'>): string {
  return `${pagePaths.pricing}?coupon=${encodeURIComponent(coupon.code)}`;
}

/**
 * The first billing cycle a promotion's saving is quoted against, in dollars: the coupon's
 * original price when it names one, else the promotions' 240-dollar base (§9).
 */
export function promoBaseDollars(coupon: Pick<SiteCoupon, 'originalPriceCents'>): number {
  return coupon.originalPriceCents !== null && coupon.originalPriceCents > 0
    ? coupon.originalPriceCents / 100
    : PROMO_SAVING_BASE_DOLLARS;
}

/** What the coupon saves on that cycle, in dollars (1 decimal, §9). */
export function promoSavingDollars(
  coupon: Pick<SiteCoupon, 'type' | 'discount' | 'originalPriceCents'>,
): number {
  const discount = coupon.type === 'percent' ? coupon.discount : coupon.discount / 100;
  return couponSaving({ type: coupon.type, discount }, promoBaseDollars(coupon));
}

/**
 * The percent a coupon saves: its own for percent coupons; for amount coupons the saving
 * against the 240-dollar base, truncated (§9 Cyber Monday).
 */
export function promoPercent(
  coupon: Pick<SiteCoupon, 'type' | 'discount' | 'originalPriceCents'>,
): number {
  if (coupon.type === 'percent') return Math.trunc(coupon.discount);
  return promoSavingPercent(promoSavingDollars(coupon));
}

function planWord(coupon: SiteCoupon): string {
  const plan = coupon.limitation;
  return plan ? ` on the ${plan[0]!.toUpperCase()}${plan.slice(1)} plan` : '';
}

/** The texts of the coupon dialog for a site coupon: its design's, else the default dialog's. */
export function couponPopup(coupon: SiteCoupon): CouponPopupView {
  const name = couponPopupName(coupon);
  const expiryDate = couponExpiryText(coupon);
  const expiry = expiryDate ? `Offer ends ${expiryDate}` : null;
  const action = { label: couponPopupTexts.action, href: couponPricingHref(coupon) };
  const saving = formatMoney(promoSavingDollars(coupon));
  const percent = promoPercent(coupon);
  const off = couponOffLabel(coupon);
  switch (name) {
    case 'black-friday-promo':
      return {
        name,
        title: 'Black Friday',
        offer: `${percent}% OFF for one year`,
        text: `Annual sale: save up to ${saving}.`,
        expiry,
        action,
      };
    case 'cyber-monday-promo':
      return {
        name,
        title: 'Cyber Monday',
        offer: `Save ${saving}`,
        text: `That is ${percent}% off a year of animating.`,
        expiry,
        action,
      };
    case 'spring-2022':
      return {
        name,
        title: 'Spring sale',
        offer: `${off} the first billing cycle`,
        text: `On monthly and annual plans: save up to ${saving}.`,
        expiry,
        action,
      };
    case 'gif-export-2022':
      return {
        name,
        title: 'Export your animations as GIF',
        offer: `${off}${planWord(coupon)}`,
        text: `GIF export comes with every paid plan. Use code ${coupon.code} at checkout.`,
        expiry,
        action,
      };
    default:
      return {
        name,
        title: 'A special offer for you',
        offer: `${off}${planWord(coupon)}`,
        text: `Use code ${coupon.code} at checkout.`,
        expiry,
        action,
      };
  }
}
