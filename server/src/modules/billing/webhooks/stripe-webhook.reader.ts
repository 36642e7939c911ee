import Stripe from 'stripe';
import type { BillingEvent } from '../gateways/gateway.port.js';
import { createStripeClient } from '../gateways/stripe/stripe-card.gateway.js';
import { foldStripeError } from '../gateways/stripe/stripe-errors.js';
import { StripePriceMap } from '../gateways/stripe/stripe-mapping.js';
import { translateStripeEvent } from './stripe-events.js';

/**
 * Stripe's own default: a signature older than five minutes is a replay. One dated further
 * ahead than that is refused too (issue 28): no clock we trust is that far off.
 */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The signature's timestamp (`t=`), read as the SDK reads it (the last one wins), or null.
 * The SDK checks only a signature's age; a timestamp in the future passes it.
 */
function stripeSignatureTimestamp(header: string): number | null {
  let timestamp: number | null = null;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') timestamp = value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
  }
  return timestamp;
}

/**
 * The Stripe side of the webhook (an adapter: the only webhook code that imports the SDK):
 * verifies the signature on the raw bytes with `constructEvent` (and that it is not dated ahead),
 * then translates the event.
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
    const receivedAt = Date.now();
    let event: Stripe.Event;
    try {
      event = this.client.webhooks.constructEvent(
        rawBody,
        signature,
        this.settings.webhookSecret,
        STRIPE_SIGNATURE_TOLERANCE_SECONDS,
        undefined,
        receivedAt,
      );
    } catch {
      return null;
    }
    const signedAt = stripeSignatureTimestamp(signature);
    if (
      signedAt === null ||
      signedAt - Math.floor(receivedAt / 1000) > STRIPE_SIGNATURE_TOLERANCE_SECONDS
    )
      return null;
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
