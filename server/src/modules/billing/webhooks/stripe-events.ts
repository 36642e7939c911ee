import type Stripe from 'stripe';
import type { BillingEvent, SubscriptionSnapshot } from '../gateways/gateway.port.js';
import {
  cardOf,
  invoiceSnapshotOf,
  snapshotOf,
  subscriptionIdOfInvoice,
  type StripePriceMap,
} from '../gateways/stripe/stripe-mapping.js';

export interface StripeEventContext {
  prices: StripePriceMap;
  attemptLimit: number;
  /** The subscription as Stripe holds it now; null when Stripe knows none by that id. */
  fetchSubscription(id: string): Promise<Stripe.Subscription | null>;
}

/**
 * A verified Stripe event in our terms (billing-teams-apps §4 subscription states): the state of
 * the subscription it concerns (fetched from Stripe), a paid invoice, or nothing for every other
 * type. The event's `created` is the time of that state, so an older event never overwrites a
 * newer one.
 */
export async function translateStripeEvent(
  event: Stripe.Event,
  context: StripeEventContext,
): Promise<BillingEvent> {
  const stateAt = new Date(event.created * 1000);
  const base = { gateway: 'stripe' as const, id: event.id, type: event.type };
  const none: BillingEvent = { ...base, effect: { kind: 'none' } };
  const subscriptionEffect = (
    subscription: Stripe.Subscription,
    attemptCount?: number,
  ): BillingEvent => {
    const snapshot = snapshotOrNull(subscription, {
      prices: context.prices,
      attemptLimit: context.attemptLimit,
      stateAt,
      // Webhook payloads expand nothing: a card id alone keeps the stored card (the ledger
      // keeps it on null); the card calls write the card they attach.
      paymentMethod:
        subscription.default_payment_method &&
        typeof subscription.default_payment_method === 'object'
          ? cardOf(subscription.default_payment_method)
          : null,
      ...(attemptCount !== undefined ? { attemptCount } : {}),
    });
    return snapshot ? { ...base, effect: { kind: 'subscription', subscription: snapshot } } : none;
  };

  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      // Stripe's `created` has whole seconds, and one call makes several events in one second
      // (a schedule released, then the new items): their payloads cannot be ordered. The
      // subscription as Stripe holds it now can: whatever order they come in, the last one
      // applied writes the newest state. The payload serves when Stripe knows no such id.
      const current = await context.fetchSubscription(event.data.object.id);
      return subscriptionEffect(current ?? event.data.object);
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      return {
        ...base,
        effect: { kind: 'invoice-paid', invoice: invoiceSnapshotOf(invoice, context.prices) },
      };
    }
    case 'invoice.payment_failed': {
      // Past due with the attempts made so far; the subscription itself comes from Stripe, as
      // the invoice does not carry it.
      const invoice = event.data.object;
      const subscriptionId = subscriptionIdOfInvoice(invoice);
      if (subscriptionId === null) return none;
      const subscription = await context.fetchSubscription(subscriptionId);
      if (subscription === null) return none;
      return subscriptionEffect(subscription, invoice.attempt_count);
    }
    default:
      // payment_intent.* and the rest: the invoice and subscription events carry their effect.
      return none;
  }
}

function snapshotOrNull(
  subscription: Stripe.Subscription,
  context: Parameters<typeof snapshotOf>[1],
): SubscriptionSnapshot | null {
  try {
    return snapshotOf(subscription, context);
  } catch {
    // A subscription to prices that are none of our plans is not ours to follow.
    return null;
  }
}
