/**
 * The ports the billing services talk to (STYLE: services import no vendor SDK). Stripe and its
 * sandbox implement CardGateway; Braintree and its sandbox implement WalletGateway. Ids of
 * plans are ours ('pro-annual'); each adapter maps them to its gateway's price or plan ids from
 * configuration. Money is cents.
 */

export type GatewayName = 'stripe' | 'braintree' | 'sandbox-card' | 'sandbox-wallet';

export type GatewaySubscriptionStatus =
  'incomplete' | 'active' | 'past_due' | 'canceled' | 'expired';

/** A subscription as the gateway reports it: what webhooks and call answers both carry. */
export interface SubscriptionSnapshot {
  gateway: GatewayName;
  externalId: string;
  /** The gateway's customer id (customers.stripe_customer_id / braintree_customer_id). */
  customerRef: string;
  planId: string;
  status: GatewaySubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  extraSlots: number;
  /** Seats from the next period on, when a decrease waits for it. */
  nextCycleSlots: number | null;
  /** A plan that takes over at the period end (downgrade or period change). */
  scheduledPlanId: string | null;
  couponCode: string | null;
  paymentMethod:
    { type: 'card'; brand: string; last4: string } | { type: 'paypal'; email: string } | null;
  pastDue: { since: Date; attemptCount: number; attemptLimit: number } | null;
  /** The gateway's time of this state: an older snapshot never overwrites a newer one. */
  stateAt: Date;
}

/** What an invoice line is for (issue 30): what the PDF lists. */
export type InvoiceLineKind = 'plan' | 'seats' | 'proration' | 'coupon' | 'other';

/** One line of an invoice, as the gateway reports it; a coupon line's amount is negative. */
export interface InvoiceLine {
  kind: InvoiceLineKind;
  description: string;
  quantity: number;
  amountCents: number;
  /** Our plan id the line charges, when the gateway's price or plan maps to one. */
  planId: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
}

export interface InvoiceSnapshot {
  gateway: GatewayName;
  externalId: string;
  customerRef: string;
  subscriptionExternalId: string | null;
  number: string;
  totalCents: number;
  paidAt: Date;
  /** Before discounts; with the discount, subtotal − discount = total. */
  subtotalCents: number;
  discountCents: number;
  /** ISO 4217, lowercase ('usd'). */
  currency: string;
  /** Our plan id of the subscription it bills, when known (else the stored subscription's). */
  planId: string | null;
  lines: InvoiceLine[];
}

/** A gateway event, verified and translated by its adapter; applied once by its id. */
export interface BillingEvent {
  gateway: GatewayName;
  /** The gateway's event id (evt_…, or Braintree's kind + timestamp + subject id). */
  id: string;
  type: string;
  effect:
    | { kind: 'subscription'; subscription: SubscriptionSnapshot }
    | { kind: 'invoice-paid'; invoice: InvoiceSnapshot }
    | { kind: 'none' };
}

/** Outcome of applying an event; 'retry' when it refers to an object not known yet. */
export type ApplyOutcome = 'applied' | 'duplicate' | 'stale' | 'retry';

/** A payment that needs the customer's 3-D Secure confirmation in the browser. */
export interface PaymentAction {
  paymentIntentId: string;
  clientSecret: string;
}

export interface CreateSubscriptionInput {
  customerRef: string;
  planId: string;
  /** team-slot plan id and count, for team plans with extra seats. */
  extraSlots: number;
  couponCode: string | null;
  /** Card: the payment-method id. Wallet: the vaulted payment-method token. */
  paymentMethodRef: string;
  /** An idempotency key: a retried call never makes a second subscription. */
  idempotencyKey: string;
}

export interface SubscriptionResult {
  subscription: SubscriptionSnapshot;
  /** Set when the first payment waits for 3-D Secure. */
  action: PaymentAction | null;
  /** Set when the first payment was made. */
  invoice: InvoiceSnapshot | null;
}

export interface ChangeSubscriptionInput {
  externalId: string;
  planId: string;
  extraSlots: number;
  /** Upgrades now with proration; downgrades and period changes at the period end. */
  when: 'now' | 'period-end';
  idempotencyKey: string;
  /**
   * The payment method the subscription is charged to from this change on (a card's payment
   * method id, a vaulted PayPal token); absent: the one it has. The gateway charges a
   * subscription's own method before the customer's default, so a new one must be set here.
   */
  paymentMethodRef?: string;
}

/** A preview of a first subscription (externalId null) or of a change to one. */
export interface PreviewChangeInput {
  customerRef: string;
  externalId: string | null;
  planId: string;
  extraSlots: number;
  couponCode: string | null;
}

export interface CostPreview {
  /** Due now. */
  amountCents: number;
  amountOriginalCents: number;
  periodEnd: Date;
}

/**
 * A live subscription the gateway holds for a customer (reconciling a payment attempt): its
 * state, its first paid charge, and whether the create of the given idempotency key made it.
 */
export interface FoundSubscription {
  subscription: SubscriptionSnapshot;
  invoice: InvoiceSnapshot | null;
  madeByKey: boolean;
}

/** The gateway refused the payment: its message is shown as given (§8). */
export class PaymentDeclinedError extends Error {
  constructor(
    message: string,
    readonly declineCode: string | null = null,
  ) {
    super(message);
    this.name = 'PaymentDeclinedError';
  }
}

interface GatewayCommon {
  readonly name: GatewayName;
  /**
   * Whether changeSubscription takes `when: 'period-end'` (a downgrade or a shorter period at
   * the end of the paid one). Braintree cannot (decision 75): such a change is refused up front.
   */
  readonly schedulesChanges: boolean;
  ensureCustomer(customer: {
    id: string;
    email: string;
    name: string;
    customerRef: string | null;
  }): Promise<string>;
  createSubscription(input: CreateSubscriptionInput): Promise<SubscriptionResult>;
  changeSubscription(input: ChangeSubscriptionInput): Promise<SubscriptionResult>;
  previewChange(input: PreviewChangeInput): Promise<CostPreview>;
  cancelAtPeriodEnd(externalId: string): Promise<SubscriptionSnapshot>;
  /** Undoes cancelAtPeriodEnd before the period ends: the subscription renews again. */
  resumeSubscription(externalId: string): Promise<SubscriptionSnapshot>;
  retrieveSubscription(externalId: string): Promise<SubscriptionSnapshot>;
  removePaymentMethod(customerRef: string): Promise<void>;
  /**
   * The customer's live (active or past-due) subscriptions at the gateway, oldest first, with
   * the one created under `idempotencyKey` marked: what a payment attempt cut short left there.
   */
  liveSubscriptions(customerRef: string, idempotencyKey: string): Promise<FoundSubscription[]>;
  /** Ends a duplicate subscription now and refunds what it charged. */
  cancelAndRefund(externalId: string): Promise<void>;
}

export interface CardGateway extends GatewayCommon {
  readonly name: 'stripe' | 'sandbox-card';
  /** Attaches the card as the customer's default; a declined card throws PaymentDeclinedError. */
  attachCard(customerRef: string, source: string): Promise<{ brand: string; last4: string }>;
  /** The payment intent's state after the browser's 3-D Secure step; never trust the browser. */
  retrievePayment(paymentIntentId: string): Promise<{
    status: 'succeeded' | 'requires_action' | 'failed';
    subscriptionExternalId: string | null;
    error: string | null;
  }>;
}

export interface WalletGateway extends GatewayCommon {
  readonly name: 'braintree' | 'sandbox-wallet';
  /** Vaults the PayPal account behind the nonce; returns its token and e-mail. */
  vaultNonce(customerRef: string, nonce: string): Promise<{ token: string; email: string }>;
  /** The drop-in's client token (Braintree); absent or null for the sandbox. */
  clientToken?(): Promise<string | null>;
}

export const CARD_GATEWAY = Symbol('CARD_GATEWAY');
export const WALLET_GATEWAY = Symbol('WALLET_GATEWAY');
