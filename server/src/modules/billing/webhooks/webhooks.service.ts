import { Inject, Injectable } from '@nestjs/common';
import { billingMessages } from '@animata/contracts';
import { CommonException } from '../../../common/errors/common.exception.js';
import { CONFIG } from '../../../common/tokens.js';
import type { AppConfig } from '../../../config/config.js';
import type { BillingEvent } from '../gateways/gateway.port.js';
import { GatewayErrorCode, GatewayException } from '../gateways/gateway.exception.js';
import { BillingLedger } from '../subscriptions/billing-ledger.js';
import { BraintreeWebhookReader } from './braintree-webhook.reader.js';
import { StripeWebhookReader } from './stripe-webhook.reader.js';

/** Past-due attempts when the configuration names none (Stripe's Smart Retries default: 4). */
const DEFAULT_ATTEMPT_LIMIT = 4;

/**
 * The gateways' webhooks (billing-teams-apps §4): verify, translate, apply once through the
 * ledger. The ledger's transaction has committed when applyEvent returns, so the 2xx that
 * follows is sent only after the write is durable; an event about an object not known yet
 * answers 503 and the gateway delivers it again. Without a gateway's keys (or Stripe's webhook
 * secret) nothing can verify its webhooks: they are refused as unsigned.
 */
@Injectable()
export class WebhooksService {
  private readonly stripe: StripeWebhookReader | null;
  private readonly braintree: BraintreeWebhookReader | null;

  constructor(
    @Inject(CONFIG) config: AppConfig,
    private readonly ledger: BillingLedger,
  ) {
    const stripe = config.billing.stripe;
    this.stripe = stripe?.webhookSecret
      ? new StripeWebhookReader({ ...stripe, webhookSecret: stripe.webhookSecret })
      : null;
    const attemptLimit = stripe?.attemptLimit ?? DEFAULT_ATTEMPT_LIMIT;
    const braintree = config.billing.braintree;
    this.braintree = braintree
      ? new BraintreeWebhookReader({ ...braintree, attemptLimit }, attemptLimit)
      : null;
  }

  async stripeEvent(rawBody: Buffer | undefined, signature: string | undefined): Promise<void> {
    if (this.stripe === null || !rawBody || !signature) throw badSignature();
    const event = await this.stripe.read(rawBody, signature);
    if (event === null) throw badSignature();
    await this.apply(event);
  }

  async braintreeNotification(body: unknown): Promise<void> {
    const form = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const signature = form.bt_signature;
    const payload = form.bt_payload;
    if (this.braintree === null || typeof signature !== 'string' || typeof payload !== 'string') {
      throw badSignature();
    }
    const translated = await this.braintree.read(signature, payload);
    if (translated === null) throw badSignature();
    // The charge first: recorded once by its id, so a redelivery after a failure in between
    // finds it there and the event still applies.
    if (
      translated.invoice !== null &&
      (await this.ledger.recordInvoice(translated.invoice)) === 'retry'
    ) {
      throw retry();
    }
    await this.apply(translated.event);
  }

  private async apply(event: BillingEvent): Promise<void> {
    if ((await this.ledger.applyEvent(event)) === 'retry') throw retry();
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
