import Stripe from 'stripe';
import type { BillingEvent } from '../gateways/gateway.port.js';
import { createStripeClient } from '../gateways/stripe/stripe-card.gateway.js';
import { foldStripeError } from '../gateways/stripe/stripe-errors.js';
import { StripePriceMap } from '../gateways/stripe/stripe-mapping.js';
import { translateStripeEvent } from './stripe-events.js';

/** Stripe's own default: a signature older than five minutes is a replay. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The Stripe side of the webhook (an adapter: the only webhook code that imports the SDK):
 * verifies the signature on the raw bytes with `constructEvent`, then translates the event.
 * Null means the signature does not verify.
 */
export class StripeWebhookReader {
  private readonly client: Stripe;
  private readonly prices: StripePriceMap;

  constructor(
    private readonly settings: {
      secretKey: string;
      apiUrl: string | null;
      webhookSecret: string;
      priceIds: Record<string, string>;
      attemptLimit: number;
    },
  ) {
    this.client = createStripeClient(settings);
    this.prices = new StripePriceMap(settings.priceIds);
  }

  async read(rawBody: Buffer, signature: string): Promise<BillingEvent | null> {
    let event: Stripe.Event;
    try {
      event = this.client.webhooks.constructEvent(
        rawBody,
        signature,
        this.settings.webhookSecret,
        STRIPE_SIGNATURE_TOLERANCE_SECONDS,
      );
    } catch {
      return null;
    }
    return translateStripeEvent(event, {
      prices: this.prices,
      attemptLimit: this.settings.attemptLimit,
      fetchSubscription: async (id) => {
        try {
          return await this.client.subscriptions.retrieve(id);
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
  }
}
