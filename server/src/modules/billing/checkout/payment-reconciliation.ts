import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { AppLogger } from '../../../common/logger.js';
import { LOGGER } from '../../../common/tokens.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import { CHECKOUT_LOCK_LEASE_MS } from './checkout-lock.js';
import { PaymentAttempts } from './payment-attempts.js';

/**
 * Finishes the payment attempts a crash left open, on start and hourly (the maintenance job):
 * each under its customer's checkout lock, skipped while a checkout call holds it (that call
 * finishes the attempt itself). What the gateway made is adopted; an attempt of which the
 * gateway holds nothing is abandoned, so the customer's next payment starts afresh.
 */
@Injectable()
export class PaymentReconciliation implements OnApplicationBootstrap {
  constructor(
    private readonly attempts: PaymentAttempts,
    private readonly subscriptions: SubscriptionsRepository,
    @Inject(LOGGER) private readonly logger: AppLogger,
  ) {}

  /** The start's run, in the background: a slow gateway must not hold the start up. */
  private startRun: Promise<void> = Promise.resolve();

  onApplicationBootstrap(): void {
    this.startRun = this.run().then(
      () => undefined,
      (error: unknown) =>
        this.logger.error({ err: error }, 'billing: reconciling open payment attempts failed'),
    );
  }

  /** Resolves when the start's run has ended (tests that leave attempts open wait for it). */
  startSettled(): Promise<void> {
    return this.startRun;
  }

  /** Reconciles every open attempt; answers how many ended. */
  async run(): Promise<{ adopted: number; abandoned: number }> {
    const counts = { adopted: 0, abandoned: 0 };
    for (const customerId of await this.attempts.customersWithOpen()) {
      const outcome = await this.subscriptions.whileCheckoutLocked(
        customerId,
        { waitMs: 0, leaseMs: CHECKOUT_LOCK_LEASE_MS },
        async () => {
          const attempt = await this.attempts.openOf(customerId);
          if (!attempt) return null;
          const reconciled = await this.attempts.reconcile(attempt);
          if (reconciled.outcome === 'nothing') await this.attempts.abandon(attempt);
          return reconciled.outcome === 'adopted' ? 'adopted' : 'abandoned';
        },
      );
      if (outcome.locked && outcome.value) counts[outcome.value] += 1;
    }
    if (counts.adopted + counts.abandoned > 0)
      this.logger.info(counts, 'billing: open payment attempts reconciled');
    return counts;
  }
}
