import type { PayablePeriod, ProductName } from './catalog.js';
import type { CouponRefusal } from '../coupons/coupon-refusal.js';
import type { PendingPayment } from './subscription.js';

/** POST stripe|paypal /preview-cost (§7). */
export interface PreviewCostRequest {
  plan: PayablePeriod;
  product: ProductName;
  coupon?: string;
  extraSlots?: number;
}

/** §3 Upgrade preview. */
export interface UpgradePreview {
  payment: {
    /** Cents due now (prorated for an upgrade). */
    amount: number;
    extraSlots: number;
    coupon: string | null;
    /** Why the coupon asked for takes nothing off (expired, used up, another plan, unknown). */
    couponRefusal: CouponRefusal | null;
    /** Cents before the coupon and proration. */
    amountOriginal: number;
  };
  details: {
    plan: PayablePeriod;
    product: ProductName;
    /**
     * When the change applies: 'now' (a purchase, or an upgrade charged prorated now), or
     * 'period-end' (a downgrade, a shorter period or fewer seats: nothing is charged now, the
     * new plan starts when the paid period ends).
     */
    timing: ChangeTiming;
    /**
     * ISO date-time: when the new paid period ends ('now'), or when the scheduled plan starts,
     * the end of the current one ('period-end'). Shown through shownBillingDate.
     */
    period_end: string;
    paymentMethod: {
      type: 'card' | 'paypal' | 'none';
      email?: string;
      brand?: string;
      card?: string;
    };
    /** Dollars per extra seat per month (team). */
    seat_unit_price: number | null;
  };
}

interface PayCommon {
  plan: PayablePeriod;
  product: ProductName;
  coupon?: string;
  recaptcha?: string;
  /** The amount the customer saw, in cents: refused when the price changed meanwhile. */
  payment?: number;
  extraSlots?: number;
  /** A token from the two-factor flow (action 'payment') after tfa_required. */
  tfa_token?: string;
}
/** POST stripe /pay: `source` is the card provider's payment-method id (pm_…). */
export interface CardPayRequest extends PayCommon {
  source: string;
}
/** POST paypal /pay: `nonce` comes from the wallet drop-in. */
export interface WalletPayRequest extends PayCommon {
  nonce: string;
}

/** When a plan change applies (see UpgradePreview.details.timing). */
export type ChangeTiming = 'now' | 'period-end';

/** A change that waits for the end of the paid period (§4): what starts, and when. */
export interface ScheduledChange {
  planName: string;
  plan: PayablePeriod;
  product: ProductName;
  /** ISO date-time the new plan starts: the end of the current paid period, as stored. */
  startsAt: string;
}

/** The answer of pay, upgrade-subscription and handle3ds. */
export interface PayResponse {
  /** The customer has two-factor on: ask for a code and retry with tfa_token. */
  tfa_required?: true;
  /** 3-D Secure is needed: confirm with the card provider, then call handle3ds. */
  payment?: PendingPayment;
  invoiceExternalId?: string;
  /** What was bought, for the Purchase tracking event; absent when nothing was bought. */
  plan?: { monthlyPrice: number; months: number; product: ProductName; period: PayablePeriod };
  /** Set instead of `plan` when the change waits for the period end: nothing was bought yet. */
  scheduled?: ScheduledChange;
  message?: string;
}

/** POST stripe /upgrade-subscription: an existing subscriber moves to another plan. */
export interface UpgradeSubscriptionRequest {
  plan: PayablePeriod;
  product: ProductName;
  coupon?: string;
  payment?: number;
  extraSlots?: number;
  tfa_token?: string;
}

/** POST stripe /handle3ds: the browser's confirmation result; the server checks the gateway. */
export interface Handle3dsRequest {
  paymentIntentId: string;
  /** The provider's error message when the confirmation failed in the browser. */
  error?: string;
}

/** POST stripe /change-card */
export interface ChangeCardRequest {
  source: string;
  recaptcha?: string;
  tfa_token?: string;
}
export interface ChangeCardResponse {
  tfa_required?: true;
  last4?: string;
  brand?: string;
}

/** POST stripe|paypal /cancel-subscription: a reason code 1–8, or 0 with a text. */
export interface CancelSubscriptionRequest {
  reason: { code: number; text?: string };
}
export interface CancelSubscriptionResponse {
  endDate: string | null;
}

/** POST tracking/track (§7): the checkout's events. */
export const CHECKOUT_TRACKING_EVENTS = ['Purchase', 'AddPaymentInfo', 'InitiateCheckout'] as const;
export type CheckoutTrackingEvent = (typeof CHECKOUT_TRACKING_EVENTS)[number];
/** The seasonal popups' events: shown, closed, and the offer's button clicked. */
export const POPUP_TRACKING_EVENTS = ['PopupShown', 'PopupClosed', 'PopupClicked'] as const;
export type PopupTrackingEvent = (typeof POPUP_TRACKING_EVENTS)[number];
/** Every event a page may send. */
export const TRACKING_EVENTS = [...CHECKOUT_TRACKING_EVENTS, ...POPUP_TRACKING_EVENTS] as const;
export type TrackingEvent = (typeof TRACKING_EVENTS)[number];
export type TrackingEventData = Record<string, string | number | boolean | null>;
/** A page waits at most this long for the tag manager's data layer (§9 analytics time-out). */
export const ANALYTICS_TIMEOUT_MS = 1000;
/** The data layer event's own time-out (§9 event time-out). */
export const ANALYTICS_EVENT_TIMEOUT_MS = 950;
export interface TrackRequest {
  eventName: TrackingEvent;
  eventData: Record<string, string | number | boolean | null>;
}

/**
 * The sandbox card gateway (the embedded default when no Stripe key is set) answers Stripe's
 * documented test cards with Stripe's test payment-method ids.
 */
export const SANDBOX_TEST_CARDS = {
  '4242424242424242': 'pm_card_visa',
  '4000002760003184': 'pm_card_threeDSecure2Required',
  '4000000000000002': 'pm_card_chargeDeclined',
} as const;
export type SandboxPaymentMethodId = (typeof SANDBOX_TEST_CARDS)[keyof typeof SANDBOX_TEST_CARDS];
/** Braintree's documented PayPal test nonces, which the sandbox wallet gateway accepts. */
export const SANDBOX_WALLET_NONCES = [
  'fake-paypal-one-time-nonce',
  'fake-paypal-billing-agreement-nonce',
] as const;

/** The card number without spaces, as the sandbox maps it; null for any other number. */
export function sandboxPaymentMethodFor(cardNumber: string): SandboxPaymentMethodId | null {
  const digits = cardNumber.replace(/[\s-]/g, '');
  return (SANDBOX_TEST_CARDS as Record<string, SandboxPaymentMethodId>)[digits] ?? null;
}

/** POST the sandbox's 3-D Secure challenge answer (sandbox only; 404 with a Stripe key). */
export interface SandboxConfirmRequest {
  clientSecret: string;
  outcome: 'complete' | 'fail';
}
export interface SandboxConfirmResponse {
  paymentIntent: { id: string; status: 'succeeded' | 'requires_payment_method' };
  error?: { message: string };
}

/** What the web needs to load the gateways' browser parts (null: the sandbox runs). */
export interface PaymentConfigResponse {
  stripePublishableKey: string | null;
  braintreeClientToken: string | null;
}
