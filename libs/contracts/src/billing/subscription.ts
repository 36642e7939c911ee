import type { AccessLevel, PayablePeriod, PaymentMethodName, ProductName } from './catalog.js';

/** The five states of §4. */
export type SubscriptionState = 'free' | 'active' | 'canceled' | 'past_due' | 'expired';

/** §3 Subscription, as the customer object carries it. */
export interface SubscriptionView {
  state: SubscriptionState;
  paymentMethod: PaymentMethodName | null;
  card: { brand: string; last4: string } | null;
  paypal: { email: string } | null;
  isCanceled: boolean;
  isActive: boolean;
  isFree: boolean;
  /** ISO date-time: the next renewal, or the last day for a canceled plan. Null on free. */
  endDate: string | null;
  /** 'Pro', 'Team'… */
  planTitle: string;
  /**
   * Dollars the current billing period cost: the plan with its seats and, in the period a
   * coupon took something off, with the coupon (issue 29: the price actually paid).
   */
  planPrice: number;
  /**
   * Dollars the next period will cost: the plan's regular price (no first-cycle coupon), or
   * the scheduled plan's when a change waits for the period end.
   */
  renewalPrice: number;
  /** The period: 'monthly' | 'annual', or 'free'. */
  plan: PayablePeriod | 'free';
  product: ProductName;
  accessLevel: AccessLevel;
  /**
   * What is waiting: a payment for 3-D Secure (`payment` set, `startsAt` null; this one comes
   * first), or a plan change scheduled for the end of the paid period (`payment` null,
   * `startsAt` the stored period end).
   */
  pending: PendingPlan | null;
  pastDue: { planTitle: string; planPrice: number; dueDate: string; attemptLimit: number } | null;
  /**
   * Seats of a team plan: the 3 included, the extra ones paid for this period (issue 30: the
   * billing page's cost names them) and the extra ones from the next period on.
   */
  slots: { included: number; extra: number; nextCycle: number };
}

/** §3 Subscription.pending. */
export interface PendingPlan {
  planName: string;
  /** The payment waiting for 3-D Secure; null for a scheduled change. */
  payment: PendingPayment | null;
  plan: PayablePeriod;
  product: ProductName;
  /** ISO date-time a scheduled change starts; null for a payment. */
  startsAt: string | null;
  /** Dollars per period of the pending plan, its seats included. */
  planPrice: number;
}

/** What the browser needs to run the card provider's 3-D Secure confirmation. */
export interface PendingPayment {
  /** The payment intent's id. */
  id: string;
  clientSecret: string;
  /** 'sandbox' when no card gateway key is configured. */
  gateway: 'stripe' | 'sandbox';
  /** Set when the payment was created: the 24-hour warning counts from here. */
  createdAt: string;
}

/** The free subscription every customer without a plan has. */
export const freeSubscription: SubscriptionView = {
  state: 'free',
  paymentMethod: null,
  card: null,
  paypal: null,
  isCanceled: false,
  isActive: false,
  isFree: true,
  endDate: null,
  planTitle: 'Free',
  planPrice: 0,
  renewalPrice: 0,
  plan: 'free',
  product: 'free',
  accessLevel: 0,
  pending: null,
  pastDue: null,
  slots: { included: 3, extra: 0, nextCycle: 0 },
};
