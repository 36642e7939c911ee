import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type {
  ApplyOutcome,
  BillingEvent,
  GatewaySubscriptionStatus,
  InvoiceSnapshot,
  SubscriptionSnapshot,
} from '../gateways/gateway.port.js';
import { type SubscriptionRecord, SubscriptionsRepository } from './subscriptions.repository.js';

/**
 * Called inside the transaction that wrote a customer's subscription row, after the write: the
 * teams module makes the team of a paid team plan here, so a retried or reconciled payment, a
 * webhook and a call answer all make it once, with the row (issue 30).
 */
export type SnapshotListener = (
  manager: EntityManager,
  customerId: string,
  snapshot: SubscriptionSnapshot,
) => Promise<void>;

/** Thrown inside the transaction to roll it back when the event must be redelivered later. */
class RetryLater extends Error {}

const LIVE: readonly GatewaySubscriptionStatus[] = ['incomplete', 'active', 'past_due'];

/**
 * Whether a snapshot may replace what the customer's row holds (pure; unit-tested).
 * - The same subscription: only a state at least as new as the stored one ('stale' otherwise).
 * - Another subscription of the customer: it replaces the row when it is newer and either it is
 *   live or the stored one is not, so a late event of an old, ended subscription never
 *   overwrites the new one the customer bought since.
 */
export function snapshotDecision(
  current: Pick<SubscriptionRecord, 'gateway' | 'externalId' | 'status' | 'stateAt'> | null,
  s: Pick<SubscriptionSnapshot, 'gateway' | 'externalId' | 'status' | 'stateAt'>,
): 'write' | 'stale' {
  if (current === null) return 'write';
  const same = current.gateway === s.gateway && current.externalId === s.externalId;
  if (same) return s.stateAt.getTime() >= current.stateAt.getTime() ? 'write' : 'stale';
  if (s.stateAt.getTime() < current.stateAt.getTime()) return 'stale';
  if (LIVE.includes(s.status) || !LIVE.includes(current.status)) return 'write';
  return 'stale';
}

/**
 * A snapshot whose customerRef is '' is a status report found by its subscription's external id
 * (Braintree's notifications name no customer, and may carry no plan or dates): it brings the
 * status, the past-due state and its time, and the plan and period end when it has them
 * (planId '' and currentPeriodEnd null keep the stored ones); the rest stays as stored.
 */
export function mergeStatusReport(
  current: SubscriptionRecord,
  s: SubscriptionSnapshot,
): SubscriptionSnapshot {
  return {
    ...s,
    customerRef: '',
    planId: s.planId || current.planId,
    currentPeriodEnd: s.currentPeriodEnd ?? current.currentPeriodEnd,
    cancelAtPeriodEnd: current.cancelAtPeriodEnd,
    extraSlots: current.extraSlots,
    nextCycleSlots: current.nextCycleSlots,
    scheduledPlanId: current.scheduledPlanId,
    couponCode: current.couponCode,
    paymentMethod: null,
  };
}

/**
 * Applies what the gateways report, once: webhooks (applyEvent), call answers (applySnapshot)
 * and paid invoices (recordInvoice). Each method runs one transaction that has committed when
 * it returns, so a webhook may answer 2xx right after; 'retry' means nothing was written (the
 * event refers to a customer or subscription not known yet) and the webhook answers 5xx.
 */
@Injectable()
export class BillingLedger {
  private readonly listeners: SnapshotListener[] = [];

  constructor(private readonly repository: SubscriptionsRepository) {}

  /** Registers a listener of written snapshots (the teams module, at start). */
  onSnapshotWritten(listener: SnapshotListener): void {
    this.listeners.push(listener);
  }

  async applyEvent(event: BillingEvent): Promise<ApplyOutcome> {
    return this.run(async (manager) => {
      // Two deliveries of one id: the second waits on the primary key until the first commits
      // (then inserts nothing: 'duplicate') or rolls back (then goes on as the first).
      const fresh = await this.repository.recordEventIn(
        manager,
        event.gateway,
        event.id,
        event.type,
      );
      if (!fresh) return 'duplicate';
      switch (event.effect.kind) {
        case 'subscription':
          return this.snapshotIn(manager, event.effect.subscription);
        case 'invoice-paid':
          return this.invoiceIn(manager, event.effect.invoice);
        case 'none':
          return 'applied';
      }
    });
  }

  applySnapshot(s: SubscriptionSnapshot): Promise<ApplyOutcome> {
    return this.run((manager) => this.snapshotIn(manager, s));
  }

  recordInvoice(i: InvoiceSnapshot): Promise<ApplyOutcome> {
    return this.run((manager) => this.invoiceIn(manager, i));
  }

  private async run(work: (manager: EntityManager) => Promise<ApplyOutcome>) {
    try {
      return await this.repository.transaction(work);
    } catch (error) {
      if (error instanceof RetryLater) return 'retry';
      throw error;
    }
  }

  private async snapshotIn(manager: EntityManager, reported: SubscriptionSnapshot) {
    const byExternalId = reported.customerRef === '';
    const customerId = byExternalId
      ? await this.repository.lockCustomerBySubscriptionIn(
          manager,
          reported.gateway,
          reported.externalId,
        )
      : await this.repository.lockCustomerByRefIn(manager, reported.gateway, reported.customerRef);
    if (customerId === null) throw new RetryLater();
    const current = await this.repository.currentOfCustomerIn(manager, customerId);
    const s = byExternalId && current !== null ? mergeStatusReport(current, reported) : reported;
    if (snapshotDecision(current, s) === 'stale') return 'stale';
    await this.repository.writeSnapshotIn(manager, customerId, s);
    for (const listener of this.listeners) await listener(manager, customerId, s);
    return 'applied';
  }

  private async invoiceIn(manager: EntityManager, i: InvoiceSnapshot) {
    const customerId =
      i.customerRef === '' && i.subscriptionExternalId !== null
        ? await this.repository.lockCustomerBySubscriptionIn(
            manager,
            i.gateway,
            i.subscriptionExternalId,
          )
        : await this.repository.lockCustomerByRefIn(manager, i.gateway, i.customerRef);
    if (customerId === null) throw new RetryLater();
    if (
      i.subscriptionExternalId !== null &&
      !(await this.repository.existsIn(manager, i.gateway, i.subscriptionExternalId))
    )
      throw new RetryLater();
    return (await this.repository.insertInvoiceIn(manager, customerId, i))
      ? 'applied'
      : 'duplicate';
  }
}
