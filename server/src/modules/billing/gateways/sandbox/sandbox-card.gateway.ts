import { Inject, Injectable } from '@nestjs/common';
import {
  billingMessages,
  SANDBOX_TEST_CARDS,
  type SandboxConfirmResponse,
} from '@animata/contracts';
import type { Clock } from '../../../../common/clock.js';
import { CLOCK } from '../../../../common/tokens.js';
import { BillingException } from '../../billing.exception.js';
import { CatalogService } from '../../catalog/catalog.service.js';
import { BillingLedger } from '../../subscriptions/billing-ledger.js';
import {
  PaymentDeclinedError,
  type CardGateway,
  type CreateSubscriptionInput,
  type PaymentAction,
  type SubscriptionResult,
} from '../gateway.port.js';
import { SandboxCore, sandboxId, type SandboxPaymentIntent } from './sandbox-core.js';
import { SandboxGateway } from './sandbox-gateway.js';
import { SandboxStore } from './sandbox-store.js';

/** Stripe's test payment methods as the sandbox answers them (Stripe's documented test data). */
const TEST_CARDS: Record<
  string,
  { brand: string; last4: string; requiresAction: boolean; declined: boolean }
> = {
  pm_card_visa: { brand: 'visa', last4: '4242', requiresAction: false, declined: false },
  pm_card_threeDSecure2Required: {
    brand: 'visa',
    last4: '3184',
    requiresAction: true,
    declined: false,
  },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', requiresAction: false, declined: true },
};
// The contracts' list and this one must name the same ids.
void (SANDBOX_TEST_CARDS satisfies Record<string, keyof typeof TEST_CARDS>);

/** Stripe's text for a failed 3-D Secure challenge. */
export const SANDBOX_3DS_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
/** Stripe's text for a payment-method id it does not know. */
export const sandboxNoSuchPaymentMethod = (id: string) => `No such PaymentMethod: '${id}'`;

/**
 * The card gateway without Stripe keys (the embedded default, a clearly labelled mode): it
 * behaves like Stripe's test mode on Stripe's test payment-method ids. pm_card_visa pays,
 * pm_card_threeDSecure2Required makes the first payment wait for 3-D Secure (answered through
 * endpoints.stripe.sandboxConfirm), pm_card_chargeDeclined is declined; any other id is
 * unknown (422).
 */
@Injectable()
export class SandboxCardGateway extends SandboxGateway implements CardGateway {
  readonly name = 'sandbox-card' as const;
  readonly schedulesChanges = true;

  constructor(
    private readonly store: SandboxStore,
    catalog: CatalogService,
    ledger: BillingLedger,
    @Inject(CLOCK) clock: Clock,
  ) {
    super(
      new SandboxCore(
        'sandbox-card',
        { customer: 'cus_sbx_', subscription: 'sub_sbx_', invoice: 'in_sbx_', event: 'evt_sbx_' },
        store,
        catalog,
        ledger,
        clock,
      ),
    );
  }

  async attachCard(customerRef: string, source: string): Promise<{ brand: string; last4: string }> {
    const card = Object.hasOwn(TEST_CARDS, source) ? TEST_CARDS[source]! : null;
    if (!card)
      throw BillingException.invalidPaymentMethod('source', sandboxNoSuchPaymentMethod(source));
    if (card.declined) throw new PaymentDeclinedError(billingMessages.declined, 'card_declined');
    await this.core.setMethod(customerRef, {
      type: 'card',
      ref: source,
      brand: card.brand,
      last4: card.last4,
      requiresAction: card.requiresAction,
    });
    return { brand: card.brand, last4: card.last4 };
  }

  async createSubscription(input: CreateSubscriptionInput): Promise<SubscriptionResult> {
    const customer = await this.core.customer(input.customerRef);
    const method = customer.method;
    if (!method || method.type !== 'card' || method.ref !== input.paymentMethodRef)
      throw BillingException.invalidPaymentMethod(
        'source',
        sandboxNoSuchPaymentMethod(input.paymentMethodRef),
      );
    return this.core.createSubscription(input, async (amountCents, subscription) => {
      if (!method.requiresAction) return null;
      return this.newIntent(input.customerRef, subscription, amountCents);
    });
  }

  private async newIntent(
    customer: string,
    subscription: string,
    amountCents: number,
  ): Promise<PaymentAction> {
    const id = sandboxId('pi_sbx_');
    const clientSecret = `${id}_secret_${sandboxId('')}`;
    await this.store.put<SandboxPaymentIntent>(id, 'payment_intent', {
      customer,
      subscription,
      status: 'requires_action',
      clientSecret,
      amountCents,
      error: null,
    });
    return { paymentIntentId: id, clientSecret };
  }

  async retrievePayment(paymentIntentId: string) {
    const intent = await this.store.get<SandboxPaymentIntent>(paymentIntentId, 'payment_intent');
    if (!intent) return { status: 'failed' as const, subscriptionExternalId: null, error: null };
    return {
      status:
        intent.status === 'succeeded'
          ? ('succeeded' as const)
          : intent.status === 'requires_action'
            ? ('requires_action' as const)
            : ('failed' as const),
      subscriptionExternalId: intent.subscription,
      error: intent.error,
    };
  }

  /**
   * The 3-D Secure test page's answer (what Stripe's test challenge does): completes or fails
   * the payment intent the client secret belongs to. Null for an unknown secret.
   */
  async confirm(
    clientSecret: string,
    outcome: 'complete' | 'fail',
  ): Promise<SandboxConfirmResponse | null> {
    const id = clientSecret.split('_secret_')[0] ?? '';
    const intent = id ? await this.store.get<SandboxPaymentIntent>(id, 'payment_intent') : null;
    if (!intent || intent.clientSecret !== clientSecret) return null;
    if (intent.status === 'requires_action') {
      const succeeded = outcome === 'complete';
      // Two confirmations at once (two tabs): only the one that moves the intent pays.
      const moved = await this.store.replaceIfStatus<SandboxPaymentIntent>(
        id,
        'payment_intent',
        'requires_action',
        {
          ...intent,
          status: succeeded ? 'succeeded' : 'requires_payment_method',
          error: succeeded ? null : SANDBOX_3DS_FAILED,
        },
      );
      if (moved && succeeded && intent.subscription)
        await this.core.activate(intent.subscription, intent.amountCents);
    }
    const now = await this.store.get<SandboxPaymentIntent>(id, 'payment_intent');
    return now!.status === 'succeeded'
      ? { paymentIntent: { id, status: 'succeeded' } }
      : {
          paymentIntent: { id, status: 'requires_payment_method' },
          error: { message: now!.error ?? SANDBOX_3DS_FAILED },
        };
  }
}
