import { randomBytes } from 'node:crypto';
import type { Clock } from '../../../../common/clock.js';
import type { CatalogService } from '../../catalog/catalog.service.js';
import type { BillingLedger } from '../../subscriptions/billing-ledger.js';
import type {
  ChangeSubscriptionInput,
  CostPreview,
  CreateSubscriptionInput,
  GatewayName,
  GatewaySubscriptionStatus,
  InvoiceLine,
  InvoiceSnapshot,
  PaymentAction,
  SubscriptionResult,
  SubscriptionSnapshot,
  PreviewChangeInput,
} from '../gateway.port.js';
import type { SandboxStore } from './sandbox-store.js';

export const sandboxId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

/** A payment method as the sandbox keeps it on its customer. */
export type SandboxMethod =
  | { type: 'card'; ref: string; brand: string; last4: string; requiresAction: boolean }
  | { type: 'paypal'; ref: string; email: string };

export interface SandboxCustomer {
  email: string;
  name: string;
  method: SandboxMethod | null;
}

export interface SandboxSubscription {
  customer: string;
  planId: string;
  status: GatewaySubscriptionStatus;
  periodStart: string;
  periodEnd: string;
  cancelAtPeriodEnd: boolean;
  extraSlots: number;
  nextCycleSlots: number | null;
  scheduledPlanId: string | null;
  couponCode: string | null;
  /** What the current cycle cost, in cents: the credit of a prorated change. */
  cycleCents: number;
  stateAt: string;
}

export interface SandboxPaymentIntent {
  customer: string;
  subscription: string | null;
  status: 'requires_action' | 'succeeded' | 'requires_payment_method';
  clientSecret: string;
  amountCents: number;
  error: string | null;
}

const DAY_MS = 86_400_000;

/** Adds whole months in UTC (a month's billing period, like the gateways count it). */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/**
 * What a change costs now (pure). Same period length: the new cycle's price for the time left,
 * less the unused part of what was paid, and the period stays. Another period length: a new
 * period starts now, the unused part is credited.
 */
export function prorate(input: {
  now: Date;
  periodStart: Date;
  periodEnd: Date;
  paidCents: number;
  oldMonths: number;
  newMonths: number;
  newCycleCents: number;
}): { amountCents: number; periodStart: Date; periodEnd: Date } {
  const total = Math.max(DAY_MS, input.periodEnd.getTime() - input.periodStart.getTime());
  const left = Math.min(1, Math.max(0, (input.periodEnd.getTime() - input.now.getTime()) / total));
  const credit = input.paidCents * left;
  if (input.oldMonths === input.newMonths)
    return {
      amountCents: Math.max(0, Math.round(input.newCycleCents * left - credit)),
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
    };
  return {
    amountCents: Math.max(0, Math.round(input.newCycleCents - credit)),
    periodStart: input.now,
    periodEnd: addMonths(input.now, input.newMonths),
  };
}

interface Prefixes {
  customer: string;
  subscription: string;
  invoice: string;
  event: string;
}

/**
 * What both sandboxes share: subscriptions, prices from the catalog (like price ids configured
 * at a real gateway), invoices, and their "webhooks": every state change is also delivered to
 * BillingLedger.applyEvent under a sandbox event id, the path real gateway events take.
 */
export class SandboxCore {
  constructor(
    readonly gateway: Extract<GatewayName, 'sandbox-card' | 'sandbox-wallet'>,
    readonly prefixes: Prefixes,
    readonly store: SandboxStore,
    readonly catalog: CatalogService,
    readonly ledger: BillingLedger,
    readonly clock: Clock,
  ) {}

  async ensureCustomer(customer: {
    id: string;
    email: string;
    name: string;
    customerRef: string | null;
  }): Promise<string> {
    if (customer.customerRef?.startsWith(this.prefixes.customer)) {
      const known = await this.store.get<SandboxCustomer>(customer.customerRef, 'customer');
      if (known) return customer.customerRef;
    }
    const ref = sandboxId(this.prefixes.customer);
    await this.store.put<SandboxCustomer>(ref, 'customer', {
      email: customer.email,
      name: customer.name,
      method: null,
    });
    return ref;
  }

  async customer(ref: string): Promise<SandboxCustomer> {
    const found = await this.store.get<SandboxCustomer>(ref, 'customer');
    if (!found) throw new Error(`No such sandbox customer: ${ref}`);
    return found;
  }

  async setMethod(ref: string, method: SandboxMethod | null): Promise<void> {
    const customer = await this.customer(ref);
    await this.store.put<SandboxCustomer>(ref, 'customer', { ...customer, method });
  }

  async subscription(externalId: string): Promise<SandboxSubscription> {
    const found = await this.store.get<SandboxSubscription>(externalId, 'subscription');
    if (!found) throw new Error(`No such sandbox subscription: ${externalId}`);
    return found;
  }

  async snapshot(externalId: string, sub?: SandboxSubscription): Promise<SubscriptionSnapshot> {
    const s = sub ?? (await this.subscription(externalId));
    const customer = await this.customer(s.customer);
    const method = customer.method;
    return {
      gateway: this.gateway,
      externalId,
      customerRef: s.customer,
      planId: s.planId,
      status: s.status,
      currentPeriodEnd: new Date(s.periodEnd),
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      extraSlots: s.extraSlots,
      nextCycleSlots: s.nextCycleSlots,
      scheduledPlanId: s.scheduledPlanId,
      couponCode: s.couponCode,
      paymentMethod:
        method === null
          ? null
          : method.type === 'card'
            ? { type: 'card', brand: method.brand, last4: method.last4 }
            : { type: 'paypal', email: method.email },
      pastDue: null,
      stateAt: new Date(s.stateAt),
    };
  }

  /** The sandbox's "webhook": the change goes through the ledger like a gateway event. */
  async emit(type: string, effect: Parameters<BillingLedger['applyEvent']>[0]['effect']) {
    await this.ledger.applyEvent({
      gateway: this.gateway,
      id: sandboxId(this.prefixes.event),
      type,
      effect,
    });
  }

  async saveSubscription(externalId: string, sub: SandboxSubscription, type: string) {
    await this.store.put(externalId, 'subscription', sub);
    const snapshot = await this.snapshot(externalId, sub);
    await this.emit(type, { kind: 'subscription', subscription: snapshot });
    return snapshot;
  }

  /**
   * A paid invoice, emitted as `invoice.paid` and answered to the call: a full cycle's lines
   * (plan, extra seats, coupon) from the catalog's quote, or one proration line for a change.
   */
  async invoice(
    customerRef: string,
    subscriptionExternalId: string,
    totalCents: number,
    billed: {
      kind: 'cycle' | 'proration';
      planId: string;
      extraSlots: number;
      couponCode: string | null;
      periodStart: Date;
      periodEnd: Date;
    },
  ): Promise<InvoiceSnapshot> {
    const externalId = sandboxId(this.prefixes.invoice);
    const lines = await this.linesOf(billed, totalCents);
    const subtotalCents = lines
      .filter((line) => line.amountCents > 0)
      .reduce((sum, line) => sum + line.amountCents, 0);
    const invoice: InvoiceSnapshot = {
      gateway: this.gateway,
      externalId,
      customerRef,
      subscriptionExternalId,
      number: `SBX-${externalId.slice(-8).toUpperCase()}`,
      totalCents,
      paidAt: this.clock.now(),
      subtotalCents,
      discountCents: Math.max(0, subtotalCents - totalCents),
      currency: 'usd',
      planId: billed.planId,
      lines,
    };
    await this.store.put(externalId, 'invoice', invoice);
    await this.emit('invoice.paid', { kind: 'invoice-paid', invoice });
    return invoice;
  }

  private async linesOf(
    billed: Parameters<SandboxCore['invoice']>[3],
    totalCents: number,
  ): Promise<InvoiceLine[]> {
    const quote = await this.catalog.quoteForPlan(
      billed.planId,
      billed.extraSlots,
      billed.kind === 'cycle' ? billed.couponCode : null,
    );
    const period = { periodStart: billed.periodStart, periodEnd: billed.periodEnd };
    const title = quote ? `${quote.product.title} plan (${quote.plan.period})` : billed.planId;
    if (billed.kind === 'proration' || !quote)
      return [
        {
          kind: billed.kind === 'proration' ? 'proration' : 'plan',
          description:
            billed.kind === 'proration'
              ? `Remaining time on ${title}${billed.extraSlots > 0 ? ` with ${billed.extraSlots} extra seats` : ''}`
              : title,
          quantity: 1,
          amountCents: totalCents,
          planId: billed.planId,
          ...period,
        },
      ];
    const seatsCents = quote.seatsPlan
      ? quote.seatsPlan.monthlyPriceCents * quote.seatsPlan.months * quote.extraSlots
      : 0;
    const lines: InvoiceLine[] = [
      {
        kind: 'plan',
        description: title,
        quantity: 1,
        amountCents: quote.amountOriginalCents - seatsCents,
        planId: quote.plan.id,
        ...period,
      },
    ];
    if (quote.seatsPlan && quote.extraSlots > 0)
      lines.push({
        kind: 'seats',
        description: `Extra seats (${quote.seatsPlan.period})`,
        quantity: quote.extraSlots,
        amountCents: seatsCents,
        planId: quote.seatsPlan.id,
        ...period,
      });
    const discount = quote.amountOriginalCents - totalCents;
    if (discount > 0)
      lines.push({
        kind: 'coupon',
        description: `Coupon ${quote.coupon?.code ?? billed.couponCode ?? ''}`.trim(),
        quantity: 1,
        amountCents: -discount,
        planId: null,
        periodStart: null,
        periodEnd: null,
      });
    return lines;
  }

  private async cycleCents(planId: string, extraSlots: number, couponCode: string | null) {
    const quote = await this.catalog.quoteForPlan(planId, extraSlots, couponCode);
    if (!quote) throw new Error(`The sandbox has no price for plan ${planId}`);
    return { cents: quote.amountCents, months: quote.plan.months };
  }

  /**
   * A new subscription, charged at once through `charge`, which answers whether the payment
   * needs the customer's confirmation first (3-D Secure). Idempotent by the key.
   */
  async createSubscription(
    input: CreateSubscriptionInput,
    charge: (amountCents: number, subscriptionId: string) => Promise<PaymentAction | null>,
  ): Promise<SubscriptionResult> {
    const keyId = `idem_${this.gateway}_${input.idempotencyKey}`;
    const earlier = await this.store.get<{
      subscription: string;
      invoice: InvoiceSnapshot | null;
      action: PaymentAction | null;
    }>(keyId, 'idempotency');
    if (earlier)
      return {
        subscription: await this.snapshot(earlier.subscription),
        invoice: earlier.invoice
          ? { ...earlier.invoice, paidAt: new Date(earlier.invoice.paidAt) }
          : null,
        action: earlier.action,
      };
    const { cents, months } = await this.cycleCents(
      input.planId,
      input.extraSlots,
      input.couponCode,
    );
    const now = this.clock.now();
    const externalId = sandboxId(this.prefixes.subscription);
    const action = await charge(cents, externalId);
    const sub: SandboxSubscription = {
      customer: input.customerRef,
      planId: input.planId,
      status: action ? 'incomplete' : 'active',
      periodStart: now.toISOString(),
      periodEnd: addMonths(now, months).toISOString(),
      cancelAtPeriodEnd: false,
      extraSlots: input.extraSlots,
      nextCycleSlots: null,
      scheduledPlanId: null,
      couponCode: input.couponCode,
      cycleCents: cents,
      stateAt: now.toISOString(),
    };
    const snapshot = await this.saveSubscription(externalId, sub, 'customer.subscription.created');
    const invoice = action
      ? null
      : await this.invoice(input.customerRef, externalId, cents, {
          kind: 'cycle',
          planId: input.planId,
          extraSlots: input.extraSlots,
          couponCode: input.couponCode,
          periodStart: now,
          periodEnd: new Date(sub.periodEnd),
        });
    await this.store.put(keyId, 'idempotency', { subscription: externalId, invoice, action });
    return { subscription: snapshot, action, invoice };
  }

  /**
   * The sandbox keeps no list per customer: what a key created is found through the key's
   * record, and the sandbox never makes a second subscription for one attempt.
   */
  async liveSubscriptions(customerRef: string, idempotencyKey: string) {
    const earlier = await this.store.get<{ subscription: string; invoice: InvoiceSnapshot | null }>(
      `idem_${this.gateway}_${idempotencyKey}`,
      'idempotency',
    );
    if (!earlier) return [];
    const sub = await this.subscription(earlier.subscription);
    if (sub.customer !== customerRef || (sub.status !== 'active' && sub.status !== 'past_due'))
      return [];
    return [
      {
        subscription: await this.snapshot(earlier.subscription, sub),
        invoice: earlier.invoice
          ? { ...earlier.invoice, paidAt: new Date(earlier.invoice.paidAt) }
          : null,
        madeByKey: true,
      },
    ];
  }

  /** Ends a subscription at once (a duplicate): the sandbox moves no money, so none goes back. */
  async endNow(externalId: string): Promise<void> {
    const sub = await this.subscription(externalId);
    await this.saveSubscription(
      externalId,
      { ...sub, status: 'expired', stateAt: this.clock.now().toISOString() },
      'customer.subscription.deleted',
    );
  }

  /** Marks an incomplete subscription paid (after 3-D Secure), from now for a full period. */
  async activate(externalId: string, amountCents: number): Promise<void> {
    const sub = await this.subscription(externalId);
    if (sub.status !== 'incomplete') return;
    const now = this.clock.now();
    const months = (await this.cycleCents(sub.planId, sub.extraSlots, sub.couponCode)).months;
    const periodEnd = addMonths(now, months);
    await this.saveSubscription(
      externalId,
      {
        ...sub,
        status: 'active',
        periodStart: now.toISOString(),
        periodEnd: periodEnd.toISOString(),
        stateAt: now.toISOString(),
      },
      'customer.subscription.updated',
    );
    await this.invoice(sub.customer, externalId, amountCents, {
      kind: 'cycle',
      planId: sub.planId,
      extraSlots: sub.extraSlots,
      couponCode: sub.couponCode,
      periodStart: now,
      periodEnd,
    });
  }

  async previewChange(input: PreviewChangeInput): Promise<CostPreview> {
    const now = this.clock.now();
    const next = await this.cycleCents(input.planId, input.extraSlots, input.couponCode);
    if (input.externalId === null)
      return {
        amountCents: next.cents,
        amountOriginalCents: next.cents,
        periodEnd: addMonths(now, next.months),
      };
    const sub = await this.subscription(input.externalId);
    const prorated = await this.previewChangeFrom(sub, input.planId, input.extraSlots, now);
    return {
      amountCents: prorated.amountCents,
      amountOriginalCents: next.cents,
      periodEnd: prorated.periodEnd,
    };
  }

  async changeSubscription(input: ChangeSubscriptionInput): Promise<SubscriptionResult> {
    const keyId = `idem_${this.gateway}_${input.idempotencyKey}`;
    const earlier = await this.store.get<{ invoice: InvoiceSnapshot | null }>(keyId, 'idempotency');
    if (earlier)
      return {
        subscription: await this.snapshot(input.externalId),
        invoice: earlier.invoice
          ? { ...earlier.invoice, paidAt: new Date(earlier.invoice.paidAt) }
          : null,
        action: null,
      };
    const sub = await this.subscription(input.externalId);
    const now = this.clock.now();
    let invoice: InvoiceSnapshot | null = null;
    let chargeCents = 0;
    let next: SandboxSubscription;
    if (input.when === 'period-end') {
      next = {
        ...sub,
        scheduledPlanId: input.planId === sub.planId ? null : input.planId,
        nextCycleSlots: input.extraSlots === sub.extraSlots ? null : input.extraSlots,
        cancelAtPeriodEnd: false,
        stateAt: now.toISOString(),
      };
    } else {
      const prorated = await this.previewChangeFrom(sub, input.planId, input.extraSlots, now);
      const cycle = await this.cycleCents(input.planId, input.extraSlots, null);
      chargeCents = prorated.amountCents;
      next = {
        ...sub,
        planId: input.planId,
        extraSlots: input.extraSlots,
        nextCycleSlots: null,
        scheduledPlanId: null,
        cancelAtPeriodEnd: false,
        periodStart: prorated.periodStart.toISOString(),
        periodEnd: prorated.periodEnd.toISOString(),
        cycleCents: cycle.cents,
        couponCode: null,
        stateAt: now.toISOString(),
      };
    }
    const snapshot = await this.saveSubscription(
      input.externalId,
      next,
      'customer.subscription.updated',
    );
    if (chargeCents > 0)
      invoice = await this.invoice(sub.customer, input.externalId, chargeCents, {
        kind: 'proration',
        planId: input.planId,
        extraSlots: input.extraSlots,
        couponCode: null,
        periodStart: now,
        periodEnd: new Date(next.periodEnd),
      });
    await this.store.put(keyId, 'idempotency', { subscription: input.externalId, invoice });
    return { subscription: snapshot, action: null, invoice };
  }

  private async previewChangeFrom(
    sub: SandboxSubscription,
    planId: string,
    extraSlots: number,
    now: Date,
  ) {
    const next = await this.cycleCents(planId, extraSlots, null);
    const old = await this.cycleCents(sub.planId, sub.extraSlots, null);
    return prorate({
      now,
      periodStart: new Date(sub.periodStart),
      periodEnd: new Date(sub.periodEnd),
      paidCents: sub.cycleCents,
      oldMonths: old.months,
      newMonths: next.months,
      newCycleCents: next.cents,
    });
  }

  async cancelAtPeriodEnd(externalId: string): Promise<SubscriptionSnapshot> {
    const sub = await this.subscription(externalId);
    return this.saveSubscription(
      externalId,
      { ...sub, cancelAtPeriodEnd: true, stateAt: this.clock.now().toISOString() },
      'customer.subscription.updated',
    );
  }

  async resumeSubscription(externalId: string): Promise<SubscriptionSnapshot> {
    const sub = await this.subscription(externalId);
    return this.saveSubscription(
      externalId,
      { ...sub, cancelAtPeriodEnd: false, stateAt: this.clock.now().toISOString() },
      'customer.subscription.updated',
    );
  }

  async removePaymentMethod(customerRef: string): Promise<void> {
    await this.setMethod(customerRef, null);
  }
}
