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
 * Applies what the gateways report, once: webhooks (applyEvent), call answers (applySnapshot)
 * and paid invoices (recordInvoice). Each method runs one transaction that has committed when
 * it returns, so a webhook may answer 2xx right after; 'retry' means nothing was written (the
 * event refers to a customer or subscription not known yet) and the webhook answers 5xx.
 */
@Injectable()
export class BillingLedger {
  constructor(private readonly repository: SubscriptionsRepository) {}

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

  private async snapshotIn(manager: EntityManager, s: SubscriptionSnapshot) {
    const customerId = await this.repository.lockCustomerByRefIn(manager, s.gateway, s.customerRef);
    if (customerId === null) throw new RetryLater();
    const current = await this.repository.currentOfCustomerIn(manager, customerId);
    if (snapshotDecision(current, s) === 'stale') return 'stale';
    await this.repository.writeSnapshotIn(manager, customerId, s);
    return 'applied';
  }

  private async invoiceIn(manager: EntityManager, i: InvoiceSnapshot) {
    const customerId = await this.repository.lockCustomerByRefIn(manager, i.gateway, i.customerRef);
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
