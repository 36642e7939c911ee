// The billing module's public surface.
export { BillingModule } from './billing.module.js';
export {
  BillingLedger,
  snapshotDecision,
  type SnapshotListener,
} from './subscriptions/billing-ledger.js';
export {
  customerRefColumn,
  SubscriptionsRepository,
  type PendingPaymentRecord,
  type SubscriptionRecord,
} from './subscriptions/subscriptions.repository.js';
export { CatalogService, findPlan, type Quote } from './catalog/catalog.service.js';
export * from './gateways/gateway.port.js';
export { isWebhookPath, registerWebhookBodies, WebhooksModule } from './webhooks/index.js';
export { PlanAccess, type PlanAccessInfo, type TeamPlanAccess } from './access/plan-access.js';
export {
  isPremiumState,
  subscriptionState,
  subscriptionView,
} from './access/subscription-rules.js';
export { CheckoutService, changeTiming, type SeatChange } from './checkout/checkout.service.js';
export { PaymentReconciliation } from './checkout/payment-reconciliation.js';
export { BillingException, BillingErrorCode } from './billing.exception.js';
export { SandboxCardGateway } from './gateways/sandbox/sandbox-card.gateway.js';
export { SandboxWalletGateway } from './gateways/sandbox/sandbox-wallet.gateway.js';
