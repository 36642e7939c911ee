import { Controller, Header, HttpCode, Post, Req } from '@nestjs/common';
import { endpoints } from '@animata/contracts';
import type { WebhookRequest } from './webhook-body.js';
import { WebhooksService } from './webhooks.service.js';

/** The gateways call these, not browsers: no session, no origin check (create-app.ts). */
@Controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post(endpoints.stripe.webhook.path)
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  async stripe(@Req() request: WebhookRequest): Promise<{ received: true }> {
    const signature = request.headers['stripe-signature'];
    await this.webhooks.stripeEvent(
      request.rawBody,
      typeof signature === 'string' ? signature : undefined,
    );
    return { received: true };
  }

  @Post(endpoints.paypal.webhook.path)
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  async paypal(@Req() request: WebhookRequest): Promise<{ received: true }> {
    await this.webhooks.braintreeNotification(request.body);
    return { received: true };
  }
}
