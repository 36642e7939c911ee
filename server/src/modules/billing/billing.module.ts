import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/index.js';
import { CouponsModule } from '../coupons/index.js';
import { CustomersModule } from '../customers/index.js';
import { SessionsModule } from '../sessions/index.js';
import { TrackingModule } from '../tracking/index.js';
import { PlanAccess } from './access/plan-access.js';
import {
  CardCheckoutController,
  WalletCheckoutController,
} from './checkout/checkout.controller.js';
import { CheckoutService } from './checkout/checkout.service.js';
import { PaymentAttempts } from './checkout/payment-attempts.js';
import { PaymentAttemptsRepository } from './checkout/payment-attempts.repository.js';
import { PaymentReconciliation } from './checkout/payment-reconciliation.js';
import { TrackingController } from './checkout/tracking.controller.js';
import { CatalogRepository } from './catalog/catalog.repository.js';
import { CatalogService } from './catalog/catalog.service.js';
import { PricingController } from './catalog/pricing.controller.js';
import { CARD_GATEWAY, WALLET_GATEWAY } from './gateways/gateway.port.js';
import { gatewayProviders } from './gateways/gateway.providers.js';
import { SandboxController } from './gateways/sandbox/sandbox.controller.js';
import { SandboxStore } from './gateways/sandbox/sandbox-store.js';
import { BillingLedger } from './subscriptions/billing-ledger.js';
import { SubscriptionsRepository } from './subscriptions/subscriptions.repository.js';

/**
 * Plans, prices, checkout and the subscription ledger (issue 18). Exports BillingLedger, which
 * the webhooks apply events through, and the catalog for the pages' data.
 */
@Module({
  imports: [AuthModule, CouponsModule, CustomersModule, SessionsModule, TrackingModule],
  controllers: [
    PricingController,
    SandboxController,
    CardCheckoutController,
    WalletCheckoutController,
    TrackingController,
  ],
  providers: [
    SubscriptionsRepository,
    BillingLedger,
    CatalogRepository,
    CatalogService,
    SandboxStore,
    PlanAccess,
    CheckoutService,
    PaymentAttemptsRepository,
    PaymentAttempts,
    PaymentReconciliation,
    ...gatewayProviders,
  ],
  exports: [
    BillingLedger,
    CheckoutService,
    SubscriptionsRepository,
    CatalogService,
    PlanAccess,
    PaymentReconciliation,
    CARD_GATEWAY,
    WALLET_GATEWAY,
  ],
})
export class BillingModule {}
