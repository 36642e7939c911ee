import { Module } from '@nestjs/common';
import { CatalogRepository } from './catalog/catalog.repository.js';
import { CatalogService } from './catalog/catalog.service.js';
import { PricingController } from './catalog/pricing.controller.js';
import { BillingLedger } from './subscriptions/billing-ledger.js';
import { SubscriptionsRepository } from './subscriptions/subscriptions.repository.js';

/**
 * Plans, prices, checkout and the subscription ledger (issue 18). Exports BillingLedger, which
 * the webhooks apply events through, and the catalog for the pages' data.
 */
@Module({
  controllers: [PricingController],
  providers: [SubscriptionsRepository, BillingLedger, CatalogRepository, CatalogService],
  exports: [BillingLedger, SubscriptionsRepository, CatalogService],
})
export class BillingModule {}
