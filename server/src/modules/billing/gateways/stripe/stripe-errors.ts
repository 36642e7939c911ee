import Stripe from 'stripe';
import { billingMessages } from '@animata/contracts';
import { PaymentDeclinedError } from '../gateway.port.js';
import { GatewayErrorCode, GatewayException } from '../gateway.exception.js';

/**
 * The one place where Stripe's errors become ours (STYLE: Errors). A card error is a declined
 * payment whose message is shown as given (§8 "Card provider messages are shown as given");
 * everything else is one of our gateway codes, the vendor's text kept for the log only.
 */
export function foldStripeError(error: unknown): Error {
  if (error instanceof Stripe.errors.StripeCardError) {
    return new PaymentDeclinedError(
      error.message || billingMessages.declined,
      error.decline_code ?? error.code ?? null,
    );
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    if (error.code === 'resource_missing') {
      return new GatewayException(GatewayErrorCode.NotFound, error.message);
    }
    return new GatewayException(GatewayErrorCode.Refused, error.message);
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new GatewayException(GatewayErrorCode.Refused, error.message);
  }
  if (error instanceof Stripe.errors.StripeError) {
    // Connection, rate limit, API, authentication and permission errors: Stripe's side or ours
    // to fix, never the customer's; the caller may try again.
    return new GatewayException(GatewayErrorCode.Unavailable, `${error.type}: ${error.message}`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** Runs one Stripe call and folds its error. */
export async function stripeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw foldStripeError(error);
  }
}
