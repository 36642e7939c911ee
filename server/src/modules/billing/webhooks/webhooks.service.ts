import { Inject, Injectable } from '@nestjs/common';
import { billingMessages } from '@animata/contracts';
import braintree from 'braintree';
import Stripe from 'stripe';
import { CommonException } from '../../../common/errors/common.exception.js';
import { CONFIG } from '../../../common/tokens.js';
import type { AppConfig } from '../../../config/config.js';
import { createBraintreeClient } from '../gateways/braintree/braintree-wallet.gateway.js';
import type { BillingEvent } from '../gateways/gateway.port.js';
import { GatewayErrorCode, GatewayException } from '../gateways/gateway.exception.js';
import { createStripeClient } from '../gateways/stripe/stripe-card.gateway.js';
import { foldStripeError } from '../gateways/stripe/stripe-errors.js';
import { StripePriceMap } from '../gateways/stripe/stripe-mapping.js';
import { BillingLedger } from '../subscriptions/billing-ledger.js';
import { translateBraintreeNotification } from './braintree-notifications.js';
import { translateStripeEvent } from './stripe-events.js';

/** Stripe's own default: a signature older than five minutes is a replay. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;
/** Past-due attempts when the gateway's configuration names none (Stripe's Smart Retries: 4). */
const DEFAULT_ATTEMPT_LIMIT = 4;

/**
 * The gateways' webhooks (billing-teams-apps §4): verify, translate, apply once through the
 * ledger. The ledger's transaction has committed when applyEvent returns, so the 2xx that
 * follows is sent only after the write is durable; an event about an object not known yet
 * answers 503 and the gateway delivers it again.
 */
@Injectable()
export class WebhooksService {
  private readonly stripe: {
    client: Stripe;
    secret: string;
    prices: StripePriceMap;
    attemptLimit: number;
  } | null;
  private readonly braintree: {
    gateway: braintree.BraintreeGateway;
    plans: Map<string, string>;
  } | null;

  constructor(
    @Inject(CONFIG) config: AppConfig,
    private readonly ledger: BillingLedger,
  ) {
    const stripe = config.billing.stripe;
    this.stripe = stripe?.webhookSecret
      ? {
          client: createStripeClient(stripe),
          secret: stripe.webhookSecret,
          prices: new StripePriceMap(stripe.priceIds),
          attemptLimit: stripe.attemptLimit,
        }
      : null;
    const bt = config.billing.braintree;
    this.braintree = bt
      ? {
          gateway: createBraintreeClient({ ...bt, attemptLimit: DEFAULT_ATTEMPT_LIMIT }),
          plans: new Map(Object.entries(bt.planIds).map(([plan, external]) => [external, plan])),
        }
      : null;
    this.attemptLimit = stripe?.attemptLimit ?? DEFAULT_ATTEMPT_LIMIT;
  }

  private readonly attemptLimit: number;

  async stripeEvent(rawBody: Buffer | undefined, signature: string | undefined): Promise<void> {
    const stripe = this.stripe;
    if (stripe === null || !rawBody || !signature) throw badSignature();
    let event: Stripe.Event;
    try {
      event = stripe.client.webhooks.constructEvent(
        rawBody,
        signature,
        stripe.secret,
        STRIPE_SIGNATURE_TOLERANCE_SECONDS,
      );
    } catch {
      throw badSignature();
    }
    const translated = await translateStripeEvent(event, {
      prices: stripe.prices,
      attemptLimit: stripe.attemptLimit,
      fetchSubscription: async (id) => {
        try {
          return await stripe.client.subscriptions.retrieve(id);
        } catch (error) {
          if (
            error instanceof Stripe.errors.StripeInvalidRequestError &&
            error.code === 'resource_missing'
          ) {
            return null;
          }
          throw foldStripeError(error);
        }
      },
    });
    await this.apply(translated);
  }

  async braintreeNotification(body: unknown): Promise<void> {
    const form = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const signature = form.bt_signature;
    const payload = form.bt_payload;
    if (this.braintree === null || typeof signature !== 'string' || typeof payload !== 'string') {
      throw badSignature();
    }
    let notification: braintree.WebhookNotification;
    try {
      notification = await this.braintree.gateway.webhookNotification.parse(signature, payload);
    } catch {
      throw badSignature();
    }
    const { event, invoice } = translateBraintreeNotification(
      notification,
      this.braintree.plans,
      this.attemptLimit,
    );
    // The charge first: recorded once by its id, so a redelivery after a failure in between
    // finds it there and the event still applies.
    if (invoice !== null && (await this.ledger.recordInvoice(invoice)) === 'retry') throw retry();
    await this.apply(event);
  }

  private async apply(event: BillingEvent): Promise<void> {
    const outcome = await this.ledger.applyEvent(event);
    if (outcome === 'retry') throw retry();
  }
}

function badSignature(): CommonException {
  return CommonException.badRequest(billingMessages.webhookSignatureInvalid);
}

function retry(): GatewayException {
  return new GatewayException(
    GatewayErrorCode.Unavailable,
    'event refers to an object not known yet',
    billingMessages.webhookRetry,
  );
}
