import type braintree from 'braintree';
import type { InvoiceLine, InvoiceSnapshot } from '../gateway.port.js';

function cents(amount: string | number | undefined | null): number {
  return Math.round(Number(amount ?? 0) * 100);
}

interface ChargeLike {
  id: string;
  amount?: string | number;
  createdAt?: unknown;
  addOns?: Array<{ id?: string; quantity?: number | string; amount?: string | number }>;
  discounts?: Array<{ id?: string; quantity?: number | string; amount?: string | number }>;
}

interface SubscriptionLike {
  id: string;
  planId?: string;
  price?: string | number;
  billingPeriodStartDate?: string;
  billingPeriodEndDate?: string;
  paidThroughDate?: string;
}

function day(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A Braintree charge of a subscription as a paid invoice (issue 30). A charge of a whole period
 * carries the subscription's add-ons (our extra seats) and discounts (our coupon code as its id):
 * the plan line is what is left of the amount before the discounts. A charge without them that
 * differs from the plan's price is a prorated change, one line. `planByBraintree` maps
 * Braintree's plan and add-on ids to ours.
 */
export function braintreeInvoiceOf(
  subscription: SubscriptionLike | braintree.Subscription,
  charge: ChargeLike | braintree.Transaction,
  planByBraintree: ReadonlyMap<string, string>,
  paidAt: Date,
): InvoiceSnapshot {
  const c = charge as ChargeLike;
  const sub = subscription as SubscriptionLike;
  const totalCents = cents(c.amount);
  const planId = (sub.planId && planByBraintree.get(sub.planId)) || null;
  const periodStart = day(sub.billingPeriodStartDate);
  const periodEnd = day(sub.billingPeriodEndDate ?? sub.paidThroughDate);
  const period = { periodStart, periodEnd };
  const addOns = (c.addOns ?? []).filter((a) => cents(a.amount) > 0);
  const discounts = (c.discounts ?? []).filter((d) => cents(d.amount) > 0);
  const addOnCents = addOns.reduce((s, a) => s + cents(a.amount) * Number(a.quantity ?? 1), 0);
  const discountCents = discounts.reduce(
    (s, d) => s + cents(d.amount) * Number(d.quantity ?? 1),
    0,
  );
  const planCents = totalCents + discountCents - addOnCents;
  const prorated = addOns.length === 0 && discounts.length === 0 && planCents !== cents(sub.price);
  const lines: InvoiceLine[] = [
    {
      kind: prorated ? 'proration' : 'plan',
      description: prorated ? `Remaining time on ${planId ?? sub.planId ?? ''}` : (planId ?? ''),
      quantity: 1,
      amountCents: prorated ? totalCents : planCents,
      planId,
      ...period,
    },
  ];
  for (const addOn of addOns) {
    const seatsPlan = (addOn.id && planByBraintree.get(addOn.id)) || null;
    const quantity = Number(addOn.quantity ?? 1);
    lines.push({
      kind: seatsPlan ? 'seats' : 'other',
      description: `Extra seats × ${quantity}`,
      quantity,
      amountCents: cents(addOn.amount) * quantity,
      planId: seatsPlan,
      ...period,
    });
  }
  for (const discount of discounts) {
    lines.push({
      kind: 'coupon',
      description: `Coupon ${discount.id ?? ''}`.trim(),
      quantity: 1,
      amountCents: -cents(discount.amount) * Number(discount.quantity ?? 1),
      planId: null,
      periodStart: null,
      periodEnd: null,
    });
  }
  return {
    gateway: 'braintree',
    externalId: c.id,
    customerRef: '',
    subscriptionExternalId: sub.id,
    number: c.id,
    totalCents,
    paidAt,
    subtotalCents: totalCents + discountCents,
    discountCents,
    currency: 'usd',
    planId,
    lines,
  };
}
