import type Stripe from 'stripe';
import type {
  GatewaySubscriptionStatus,
  InvoiceLine,
  InvoiceLineKind,
  InvoiceSnapshot,
  SubscriptionSnapshot,
} from '../gateway.port.js';

/**
 * Keys of our own in a Stripe subscription's metadata, so that webhook payloads (which expand
 * nothing) carry what Stripe's objects do not: our coupon code and the change waiting for the
 * period end (the subscription schedule's next phase clears them when it starts).
 */
export const META = {
  coupon: 'animata_coupon',
  scheduledPlan: 'animata_scheduled_plan',
  nextCycleSlots: 'animata_next_cycle_slots',
  customerId: 'animata_customer_id',
  /** The idempotency key of the payment attempt that created the subscription. */
  payment: 'animata_payment',
} as const;

/** Our plan ids and Stripe's price ids, both ways (STRIPE_PRICE_* configuration). */
export class StripePriceMap {
  private readonly planByPrice = new Map<string, string>();

  constructor(private readonly priceByPlan: Readonly<Record<string, string>>) {
    for (const [planId, priceId] of Object.entries(priceByPlan)) {
      this.planByPrice.set(priceId, planId);
    }
  }

  priceFor(planId: string): string {
    const price = this.priceByPlan[planId];
    if (!price) throw new Error(`No Stripe price is configured for plan ${planId}.`);
    return price;
  }

  planFor(priceId: string): string | null {
    return this.planByPrice.get(priceId) ?? null;
  }
}

/** The extra-seat plan that goes with a team plan of the same period ('team-annual' → 'team-slot-annual'). */
export function seatsPlanFor(planId: string): string | null {
  const match = /^team-(monthly|quarterly|annual)$/.exec(planId);
  return match ? `team-slot-${match[1]}` : null;
}

export function isSeatsPlan(planId: string): boolean {
  return planId.startsWith('team-slot-');
}

/**
 * Stripe's statuses in ours. A subscription whose renewal is canceled is still paid until its
 * period end: 'canceled' here (§4 'Available until'); one Stripe has ended is 'expired'.
 */
export function statusOf(subscription: Stripe.Subscription): GatewaySubscriptionStatus {
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      return subscription.cancel_at_period_end ? 'canceled' : 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'incomplete':
      return 'incomplete';
    default:
      // canceled, incomplete_expired, paused
      return 'expired';
  }
}

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Since the 2025 API versions, periods live on the subscription's items. */
export function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data.map((item) => item.current_period_end);
  return ends.length ? new Date(Math.max(...ends) * 1000) : null;
}

export interface SnapshotContext {
  prices: StripePriceMap;
  attemptLimit: number;
  stateAt: Date;
  paymentMethod: SubscriptionSnapshot['paymentMethod'];
  /** From invoice.payment_failed: the attempts made so far. */
  attemptCount?: number;
}

export function snapshotOf(
  subscription: Stripe.Subscription,
  context: SnapshotContext,
): SubscriptionSnapshot {
  let planId: string | null = null;
  let extraSlots = 0;
  for (const item of subscription.items.data) {
    const plan = context.prices.planFor(item.price.id);
    if (plan === null) continue;
    if (isSeatsPlan(plan)) extraSlots += item.quantity ?? 0;
    else planId = plan;
  }
  if (planId === null) {
    throw new Error(`Stripe subscription ${subscription.id} has no price of a known plan.`);
  }
  const metadata = subscription.metadata ?? {};
  const scheduled = metadata[META.scheduledPlan] || null;
  const nextCycle = metadata[META.nextCycleSlots];
  const status = statusOf(subscription);
  // The coupon counts while Stripe still applies its discount: a first-cycle coupon ends with
  // its cycle, and the billing page's cost then reads the regular price (issue 29).
  const discounted = !Array.isArray(subscription.discounts) || subscription.discounts.length > 0;
  return {
    gateway: 'stripe',
    externalId: subscription.id,
    customerRef: idOf(subscription.customer) ?? '',
    planId,
    status,
    currentPeriodEnd: periodEndOf(subscription),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    extraSlots,
    nextCycleSlots: scheduled !== null && nextCycle ? Number(nextCycle) : null,
    scheduledPlanId: scheduled,
    couponCode: discounted ? metadata[META.coupon] || null : null,
    paymentMethod: context.paymentMethod,
    pastDue:
      status === 'past_due'
        ? {
            since: context.stateAt,
            attemptCount: context.attemptCount ?? 1,
            attemptLimit: context.attemptLimit,
          }
        : null,
    stateAt: context.stateAt,
  };
}

export function cardOf(
  paymentMethod: Stripe.PaymentMethod | null,
): SubscriptionSnapshot['paymentMethod'] {
  if (!paymentMethod?.card) return null;
  return { type: 'card', brand: paymentMethod.card.brand, last4: paymentMethod.card.last4 };
}

export function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription ?? null);
}

/** The price id a line charges (Stripe's 2025 API: `pricing.price_details.price`). */
function priceIdOfLine(line: Stripe.InvoiceLineItem): string | null {
  return idOf(line.pricing?.price_details?.price ?? null);
}

function lineOf(line: Stripe.InvoiceLineItem, prices: StripePriceMap | null): InvoiceLine {
  const priceId = priceIdOfLine(line);
  const planId = priceId && prices ? prices.planFor(priceId) : null;
  const proration =
    line.parent?.subscription_item_details?.proration ??
    line.parent?.invoice_item_details?.proration ??
    false;
  const kind: InvoiceLineKind = proration
    ? 'proration'
    : planId === null
      ? 'other'
      : isSeatsPlan(planId)
        ? 'seats'
        : 'plan';
  return {
    kind,
    description: line.description ?? planId ?? priceId ?? '',
    quantity: line.quantity ?? 1,
    amountCents: line.amount,
    planId,
    periodStart: line.period?.start ? new Date(line.period.start * 1000) : null,
    periodEnd: line.period?.end ? new Date(line.period.end * 1000) : null,
  };
}

/**
 * A paid invoice in our terms, with its lines (plan, seats, proration) and one coupon line per
 * discount. `prices` maps Stripe's prices to our plans; without it the lines carry no plan.
 */
export function invoiceSnapshotOf(
  invoice: Stripe.Invoice,
  prices: StripePriceMap | null = null,
): InvoiceSnapshot {
  const paidAt = invoice.status_transitions?.paid_at ?? invoice.created;
  const lines = (invoice.lines?.data ?? []).map((line) => lineOf(line, prices));
  const discounts = (invoice.total_discount_amounts ?? []).filter((d) => d.amount > 0);
  for (const discount of discounts) {
    const found = typeof discount.discount === 'object' ? discount.discount : null;
    const code = found?.source?.coupon
      ? typeof found.source.coupon === 'string'
        ? found.source.coupon
        : found.source.coupon.id
      : null;
    lines.push({
      kind: 'coupon',
      description: code ? `Coupon ${code}` : 'Discount',
      quantity: 1,
      amountCents: -discount.amount,
      planId: null,
      periodStart: null,
      periodEnd: null,
    });
  }
  const discountCents = discounts.reduce((sum, d) => sum + d.amount, 0);
  const planLine = lines.find((line) => line.kind === 'plan' || line.kind === 'proration');
  const planId =
    lines.find((line) => line.planId !== null && !isSeatsPlan(line.planId))?.planId ??
    planLine?.planId ??
    null;
  return {
    gateway: 'stripe',
    externalId: invoice.id,
    customerRef: idOf(invoice.customer) ?? '',
    subscriptionExternalId: subscriptionIdOfInvoice(invoice),
    number: invoice.number ?? invoice.id,
    totalCents: invoice.amount_paid,
    paidAt: new Date(paidAt * 1000),
    subtotalCents: invoice.subtotal ?? invoice.amount_paid + discountCents,
    discountCents,
    currency: invoice.currency ?? 'usd',
    planId,
    lines,
  };
}

/** The payment intent behind an invoice (Invoice.payments since the 2025 API versions). */
export function paymentIntentIdOf(invoice: Stripe.Invoice): string | null {
  const payments = invoice.payments?.data ?? [];
  const payment = payments.find((p) => p.is_default) ?? payments[0];
  return idOf(payment?.payment.payment_intent ?? null);
}
