// The billing module's public surface.
export { BillingModule } from './billing.module.js';
export { BillingLedger, snapshotDecision } from './subscriptions/billing-ledger.js';
export {
  customerRefColumn,
  SubscriptionsRepository,
  type PendingPaymentRecord,
  type SubscriptionRecord,
} from './subscriptions/subscriptions.repository.js';
export { CatalogService, type Quote } from './catalog/catalog.service.js';
export * from './gateways/gateway.port.js';
