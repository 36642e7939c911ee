import { Inject, Injectable } from '@nestjs/common';
import { SANDBOX_WALLET_NONCES } from '@animata/contracts';
import type { Clock } from '../../../../common/clock.js';
import { CLOCK } from '../../../../common/tokens.js';
import { BillingException } from '../../billing.exception.js';
import { CatalogService } from '../../catalog/catalog.service.js';
import { BillingLedger } from '../../subscriptions/billing-ledger.js';
import type {
  CreateSubscriptionInput,
  SubscriptionResult,
  WalletGateway,
} from '../gateway.port.js';
import { SandboxCore, sandboxId } from './sandbox-core.js';
import { SandboxGateway } from './sandbox-gateway.js';
import { SandboxStore } from './sandbox-store.js';

/** The PayPal account the sandbox's test nonces stand for. */
export const SANDBOX_PAYPAL_EMAIL = 'sandbox-buyer@example.com';
/** Braintree's text for a nonce it does not know. */
export const SANDBOX_UNKNOWN_NONCE = 'Unknown or expired payment_method_nonce.';

/**
 * The wallet gateway without Braintree keys (the embedded default, a clearly labelled mode):
 * Braintree's documented PayPal test nonces vault the account sandbox-buyer@example.com; any
 * other nonce is refused (422). Payments succeed; there is no 3-D Secure for PayPal.
 */
@Injectable()
export class SandboxWalletGateway extends SandboxGateway implements WalletGateway {
  readonly name = 'sandbox-wallet' as const;
  /** As Braintree, which it stands in for: no change at the period end (decision 75). */
  readonly schedulesChanges = false;

  constructor(
    store: SandboxStore,
    catalog: CatalogService,
    ledger: BillingLedger,
    @Inject(CLOCK) clock: Clock,
  ) {
    super(
      new SandboxCore(
        'sandbox-wallet',
        {
          customer: 'bt_cus_sbx_',
          subscription: 'bt_sub_sbx_',
          invoice: 'bt_txn_sbx_',
          event: 'bt_evt_sbx_',
        },
        store,
        catalog,
        ledger,
        clock,
      ),
    );
  }

  async vaultNonce(customerRef: string, nonce: string): Promise<{ token: string; email: string }> {
    if (!(SANDBOX_WALLET_NONCES as readonly string[]).includes(nonce))
      throw BillingException.invalidPaymentMethod('nonce', SANDBOX_UNKNOWN_NONCE);
    const token = sandboxId('pp_sbx_');
    await this.core.setMethod(customerRef, {
      type: 'paypal',
      ref: token,
      email: SANDBOX_PAYPAL_EMAIL,
    });
    return { token, email: SANDBOX_PAYPAL_EMAIL };
  }

  async createSubscription(input: CreateSubscriptionInput): Promise<SubscriptionResult> {
    const customer = await this.core.customer(input.customerRef);
    if (customer.method?.type !== 'paypal' || customer.method.ref !== input.paymentMethodRef)
      throw BillingException.invalidPaymentMethod('nonce', SANDBOX_UNKNOWN_NONCE);
    return this.core.createSubscription(input, () => Promise.resolve(null));
  }

  clientToken(): Promise<string | null> {
    return Promise.resolve(null);
  }
}
