import { pagePaths } from '../api/paths.js';
import type { CouponDesign, SiteCoupon } from '../coupons/coupon.js';

/**
 * The seasonal popups (billing-teams-apps §2 Promotional popups, §4 Seasonal popup selection):
 * the invitations dialog, one coupon dialog per custom design and the default coupon dialog.
 */

/** Closing a popup records a cookie named this prefix plus the dialog's name (§9). */
export const POPUP_COOKIE_PREFIX = 'PopinDialog-';
/** The sessionStorage key of the per-session closed list (§4), with JavaScript. */
export const POPUP_SESSION_KEY = 'PopinDialog-closed';

export const INVITATIONS_POPUP = 'invitations';
export const DEFAULT_COUPON_POPUP = 'coupon';
export type CouponPopupName = Exclude<CouponDesign, ''> | typeof DEFAULT_COUPON_POPUP;
export type PopupName = typeof INVITATIONS_POPUP | CouponPopupName;

export const POPUP_NAMES: readonly PopupName[] = [
  INVITATIONS_POPUP,
  'black-friday-promo',
  'cyber-monday-promo',
  'spring-2022',
  'gif-export-2022',
  DEFAULT_COUPON_POPUP,
];

export function isPopupName(value: unknown): value is PopupName {
  return typeof value === 'string' && (POPUP_NAMES as readonly string[]).includes(value);
}

export function popupCookieName(name: PopupName): string {
  return `${POPUP_COOKIE_PREFIX}${name}`;
}

/**
 * Whether closing the popup records its cookie. The invitations dialog skips it (§4 "unless
 * skipped"): a pending invite is asked about again in the next session, only the session's
 * closed list keeps it away until then.
 */
export function popupRecordsCookie(name: PopupName): boolean {
  return name !== INVITATIONS_POPUP;
}

/** The coupon dialog of a site coupon: its custom design's, else the default one. */
export function couponPopupName(coupon: Pick<SiteCoupon, 'customDesign'>): CouponPopupName {
  return coupon.customDesign === '' ? DEFAULT_COUPON_POPUP : coupon.customDesign;
}

/** The pricing page and the checkout and upgrade dialogs over it show no coupon popup (§4). */
export function isPricingPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (
    path === pagePaths.pricing ||
    path.startsWith(`${pagePaths.pricing}/`) ||
    path.startsWith('/pay/') ||
    path.startsWith('/upgrade/')
  );
}

/** The query parameters by which an address opens a dialog of its page (edit, confirm, manage…). */
export const DIALOG_QUERY_KEYS = ['edit', 'confirm', 'manage', 'dialog'] as const;

/** Whether an address's query (`?…`) opens a dialog of its page. */
export function namesDialog(search: string): boolean {
  const query = new URLSearchParams(search);
  return DIALOG_QUERY_KEYS.some((key) => query.has(key));
}

/** What the selection reads of the customer object (§3). */
export interface PopupCustomer<Invite> {
  verified: boolean;
  hasProAccess: boolean;
  isAnnual: boolean;
  /** Null until the customer object carries a subscription (§4: no popup without one). */
  subscription: object | null;
  invites: readonly Invite[];
  defaultCoupon: SiteCoupon | null;
}

export type PopupSelection<Invite> =
  | { kind: 'invitations'; name: typeof INVITATIONS_POPUP; invites: Invite[] }
  | { kind: 'coupon'; name: CouponPopupName; coupon: SiteCoupon }
  | null;

/**
 * §4 Seasonal popup selection, as one pure rule: pending invites first (the invitations
 * dialog); otherwise nothing without a subscription, on the pricing page, for an unverified
 * customer or a pro-access annual one; otherwise the coupon's custom design's dialog, or the
 * default coupon dialog when any coupon exists. A popup closed before (its `PopinDialog-`
 * cookie, or this session's closed list: `closed`) is not shown again.
 */
export function selectPopup<Invite>(input: {
  pathname: string;
  /** The address's query (`?…`): one naming a dialog shows no popup (one dialog at a time). */
  search?: string;
  customer: PopupCustomer<Invite>;
  closed: ReadonlySet<string>;
}): PopupSelection<Invite> {
  const { customer, closed } = input;
  if (namesDialog(input.search ?? '')) return null;
  if (customer.invites.length > 0 && !closed.has(INVITATIONS_POPUP)) {
    return { kind: 'invitations', name: INVITATIONS_POPUP, invites: [...customer.invites] };
  }
  if (!customer.subscription) return null;
  if (isPricingPath(input.pathname)) return null;
  if (!customer.verified) return null;
  if (customer.hasProAccess && customer.isAnnual) return null;
  const coupon = customer.defaultCoupon;
  if (!coupon) return null;
  const name = couponPopupName(coupon);
  if (closed.has(name)) return null;
  return { kind: 'coupon', name, coupon };
}

/** The popups closed before, from a request's cookies (name → value). */
export function closedPopupsFromCookies(cookies: Record<string, string>): Set<PopupName> {
  const closed = new Set<PopupName>();
  for (const name of POPUP_NAMES) {
    if (cookies[popupCookieName(name)]) closed.add(name);
  }
  return closed;
}

/**
 * How long a coupon popup's cookie lasts: until the coupon ends (a later coupon of the same
 * design shows again), a year when it has no end; at least a day.
 */
export function popupCookieMaxAgeSeconds(expires: string | null, now: Date): number {
  const year = 365 * 24 * 60 * 60;
  if (!expires) return year;
  const seconds = Math.ceil((new Date(expires).getTime() - now.getTime()) / 1000);
  if (!Number.isFinite(seconds)) return year;
  return Math.min(year, Math.max(24 * 60 * 60, seconds));
}

/**
 * The cookie that records a closed popup, as the page action and the browser both write it: a
 * coupon dialog's lasts until the coupon ends; the invitations dialog's is a session cookie,
 * its per-session record where sessionStorage is not available (no JavaScript).
 */
export function popupCookieString(
  name: PopupName,
  options: { expires: string | null; now: Date; secure: boolean },
): string {
  const lifetime = popupRecordsCookie(name)
    ? `; Max-Age=${popupCookieMaxAgeSeconds(options.expires, options.now)}`
    : '';
  return `${popupCookieName(name)}=1; Path=/${lifetime}; SameSite=Lax${options.secure ? '; Secure' : ''}`;
}
