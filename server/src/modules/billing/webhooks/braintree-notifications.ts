import type braintree from 'braintree';
import type {
  BillingEvent,
  GatewaySubscriptionStatus,
  InvoiceSnapshot,
  SubscriptionSnapshot,
} from '../gateways/gateway.port.js';
import { braintreeInvoiceOf } from '../gateways/braintree/braintree-invoice.js';

const STATUS_BY_KIND: Partial<Record<string, GatewaySubscriptionStatus>> = {
  subscription_charged_successfully: 'active',
  subscription_went_active: 'active',
  subscription_charged_unsuccessfully: 'past_due',
  subscription_went_past_due: 'past_due',
  // Braintree has no renewal to cancel: our cancel lets the subscription run out its paid
  // cycles (subscription_expired); a cancel notification is an immediate end.
  subscription_canceled: 'expired',
  subscription_expired: 'expired',
};

export interface BraintreeTranslation {
  event: BillingEvent;
  /** subscription_charged_successfully: the charge, recorded as a paid invoice first. */
  invoice: InvoiceSnapshot | null;
}

function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' || value === '') return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A verified Braintree notification in our terms. Subscription notifications name no customer:
 * the snapshot's customerRef is '' so the ledger finds the row by the subscription's id, and
 * fields the notification lacks (the SDK's sample ones carry only the id) keep what is stored
 * (planId '', currentPeriodEnd null). The event id is the kind, the subject and the time.
 */
export function translateBraintreeNotification(
  notification: braintree.WebhookNotification,
  planByBraintreePlan: ReadonlyMap<string, string>,
  attemptLimit: number,
): BraintreeTranslation {
  const stamp = toDate(notification.timestamp) ?? new Date(0);
  const subject =
    'subscription' in notification && notification.subscription
      ? (notification.subscription as Partial<braintree.Subscription> & { id: string })
      : null;
  const id = `${notification.kind}:${subject?.id ?? ''}:${stamp.toISOString()}`;
  const base = { gateway: 'braintree' as const, id, type: notification.kind };
  const status = STATUS_BY_KIND[notification.kind];
  if (subject === null || status === undefined) {
    return { event: { ...base, effect: { kind: 'none' } }, invoice: null };
  }
  const failures = Number(subject.failureCount ?? 0);
  const snapshot: SubscriptionSnapshot = {
    gateway: 'braintree',
    externalId: subject.id,
    customerRef: '',
    planId: (subject.planId && planByBraintreePlan.get(subject.planId)) || '',
    status,
    currentPeriodEnd: toDate(subject.paidThroughDate) ?? toDate(subject.billingPeriodEndDate),
    cancelAtPeriodEnd: false,
    extraSlots: 0,
    nextCycleSlots: null,
    scheduledPlanId: null,
    couponCode: null,
    paymentMethod: null,
    pastDue:
      status === 'past_due'
        ? { since: stamp, attemptCount: Math.max(1, failures), attemptLimit }
        : null,
    stateAt: stamp,
  };
  let invoice: InvoiceSnapshot | null = null;
  if (notification.kind === 'subscription_charged_successfully') {
    const charge = subject.transactions?.[0];
    if (charge?.id) {
      invoice = braintreeInvoiceOf(
        subject,
        charge,
        planByBraintreePlan,
        toDate(charge.createdAt) ?? stamp,
      );
    }
  }
  return { event: { ...base, effect: { kind: 'subscription', subscription: snapshot } }, invoice };
}
