import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '../../../common/clock.js';
import type { AppLogger } from '../../../common/logger.js';
import { CLOCK, LOGGER } from '../../../common/tokens.js';
import {
  CARD_GATEWAY,
  WALLET_GATEWAY,
  type CardGateway,
  type GatewayName,
  type WalletGateway,
} from '../gateways/gateway.port.js';
import { CouponRedemptionsRepository } from '../../coupons/index.js';
import { BillingLedger } from '../subscriptions/billing-ledger.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import {
  PaymentAttemptsRepository,
  type NewPaymentAttempt,
  type PaymentAttempt,
} from './payment-attempts.repository.js';

/** What reconciling an open attempt found at the gateway. */
export type Reconciled =
  | { outcome: 'adopted'; subscriptionExternalId: string; invoiceExternalId: string | null }
  /** The gateway holds nothing of it: it may go on with its key. */
  | { outcome: 'nothing' }
  /** Its gateway is no longer the one configured: it was abandoned. */
  | { outcome: 'abandoned' };

/**
 * Payment attempts (issue 28 item 1): a first payment is recorded before any gateway call, and
 * every gateway call of it derives its idempotency key from the attempt, so a retry, however
 * late, repeats the same calls. An attempt a crash left open is reconciled with the gateway:
 * what the gateway made is adopted, a second live subscription is cancelled and refunded.
 */
@Injectable()
export class PaymentAttempts {
  constructor(
    private readonly attempts: PaymentAttemptsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly ledger: BillingLedger,
    private readonly redemptions: CouponRedemptionsRepository,
    @Inject(CARD_GATEWAY) private readonly card: CardGateway,
    @Inject(WALLET_GATEWAY) private readonly wallet: WalletGateway,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: AppLogger,
  ) {}

  openOf(customerId: string): Promise<PaymentAttempt | null> {
    return this.attempts.openOf(customerId);
  }

  lastFinishedOf(customerId: string): Promise<PaymentAttempt | null> {
    return this.attempts.lastFinishedOf(customerId);
  }

  /** Records a new attempt, with a key of its own, before the gateway hears of it. */
  open(attempt: Omit<NewPaymentAttempt, 'idempotencyKey'>): Promise<PaymentAttempt> {
    return this.attempts.insert({ ...attempt, idempotencyKey: `pay-${randomUUID()}` });
  }

  recordRefs(id: string, refs: { customerRef?: string; paymentMethodRef?: string }) {
    return this.attempts.recordRefs(id, refs);
  }

  /** The call that made the payment answers the customer with it. */
  succeeded(id: string, subscriptionExternalId: string, invoiceExternalId: string | null) {
    return this.attempts.finish(
      id,
      'succeeded',
      { subscriptionExternalId, invoiceExternalId },
      true,
    );
  }

  /** The gateway refused it: nothing was charged, so a coupon it held is free again. */
  async failed(attempt: PaymentAttempt): Promise<void> {
    await this.attempts.finish(attempt.id, 'failed', {}, true);
    await this.redemptions.releaseFor(attempt.idempotencyKey);
  }

  markAnswered(id: string) {
    return this.attempts.markAnswered(id);
  }

  /** The gateway holds nothing of it and it will not go on: a coupon it held is free again. */
  async abandon(attempt: PaymentAttempt): Promise<void> {
    await this.attempts.finish(attempt.id, 'abandoned');
    await this.redemptions.releaseFor(attempt.idempotencyKey);
  }

  private gatewayNamed(name: GatewayName): CardGateway | WalletGateway | null {
    if (this.card.name === name) return this.card;
    if (this.wallet.name === name) return this.wallet;
    return null;
  }

  /**
   * Asks the gateway what an open attempt left there, under the customer's checkout lock (the
   * caller holds it): the live subscription to keep is the one we track, else the one the
   * attempt's key made, else the oldest; any other is a duplicate, cancelled and refunded. The
   * kept one and its charge are recorded as the gateway reports them, and the attempt ends.
   */
  async reconcile(attempt: PaymentAttempt): Promise<Reconciled> {
    const gateway = this.gatewayNamed(attempt.gateway);
    if (!gateway) {
      await this.abandon(attempt);
      return { outcome: 'abandoned' };
    }
    const stored = await this.subscriptions.customerRef(attempt.customerId, gateway.name);
    const ref = attempt.customerRef ?? stored;
    // No customer at the gateway: nothing can have been charged.
    if (!ref) return { outcome: 'nothing' };
    const found = await gateway.liveSubscriptions(ref, attempt.idempotencyKey);
    if (found.length === 0) return { outcome: 'nothing' };
    const tracked = await this.subscriptions.findByCustomer(attempt.customerId);
    const keep =
      found.find(
        (f) =>
          tracked !== null &&
          tracked.gateway === gateway.name &&
          tracked.externalId === f.subscription.externalId,
      ) ??
      found.find((f) => f.madeByKey) ??
      found[0]!;
    for (const duplicate of found) {
      if (duplicate === keep) continue;
      this.logger.warn(
        {
          customerId: attempt.customerId,
          gateway: gateway.name,
          kept: keep.subscription.externalId,
          duplicate: duplicate.subscription.externalId,
        },
        'billing: a duplicate subscription at the gateway is cancelled and refunded',
      );
      await gateway.cancelAndRefund(duplicate.subscription.externalId);
    }
    if (stored !== ref)
      await this.subscriptions.storeCustomerRef(attempt.customerId, gateway.name, ref);
    await this.ledger.applySnapshot(keep.subscription);
    if (keep.invoice) await this.ledger.recordInvoice(keep.invoice);
    await this.attempts.finish(attempt.id, 'succeeded', {
      subscriptionExternalId: keep.subscription.externalId,
      invoiceExternalId: keep.invoice?.externalId ?? null,
    });
    // The payment was made: a coupon it held is redeemed (3-D Secure still waiting keeps it
    // held until handle3ds).
    if (keep.subscription.status !== 'incomplete')
      await this.redemptions.redeemFor(attempt.idempotencyKey);
    this.logger.info(
      {
        customerId: attempt.customerId,
        attemptId: attempt.id,
        subscription: keep.subscription.externalId,
      },
      'billing: an open payment attempt was reconciled with the gateway',
    );
    return {
      outcome: 'adopted',
      subscriptionExternalId: keep.subscription.externalId,
      invoiceExternalId: keep.invoice?.externalId ?? null,
    };
  }

  /**
   * Customers with an open attempt (one whose call still runs holds the customer's lock, and
   * the reconciliation skips it).
   */
  customersWithOpen(limit = 100): Promise<string[]> {
    return this.attempts.customersWithOpen(this.clock.now(), limit);
  }
}
