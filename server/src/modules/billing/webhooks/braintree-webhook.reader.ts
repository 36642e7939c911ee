import type braintree from 'braintree';
import { createBraintreeClient } from '../gateways/braintree/braintree-wallet.gateway.js';
import {
  translateBraintreeNotification,
  type BraintreeTranslation,
} from './braintree-notifications.js';

/**
 * The Braintree side of the webhook (an adapter: the only webhook code that calls the SDK):
 * `webhookNotification.parse` checks the `bt_signature` against the key pair and decodes
 * `bt_payload`. Null means the signature does not verify.
 */
export class BraintreeWebhookReader {
  private readonly gateway: braintree.BraintreeGateway;
  private readonly plans: Map<string, string>;

  constructor(
    settings: Parameters<typeof createBraintreeClient>[0],
    private readonly attemptLimit: number,
  ) {
    this.gateway = createBraintreeClient(settings);
    this.plans = new Map(
      Object.entries(settings.planIds).map(([plan, external]) => [external, plan]),
    );
  }

  async read(signature: string, payload: string): Promise<BraintreeTranslation | null> {
    let notification: braintree.WebhookNotification;
    try {
      notification = await this.gateway.webhookNotification.parse(signature, payload);
    } catch {
      return null;
    }
    return translateBraintreeNotification(notification, this.plans, this.attemptLimit);
  }
}
