import { Module } from '@nestjs/common';
import { BillingModule } from '../billing.module.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksService } from './webhooks.service.js';

/** Stripe's and Braintree's webhooks, applied through the billing ledger. */
@Module({
  imports: [BillingModule],
  controllers: [WebhooksController],
  providers: [WebhooksService],
})
export class WebhooksModule {}
