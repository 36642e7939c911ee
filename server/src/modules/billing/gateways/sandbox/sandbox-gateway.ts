import type {
  ChangeSubscriptionInput,
  FoundSubscription,
  CostPreview,
  PreviewChangeInput,
  SubscriptionResult,
  SubscriptionSnapshot,
} from '../gateway.port.js';
import type { SandboxCore } from './sandbox-core.js';

/**
 * What the card and wallet sandboxes do alike, handed to their SandboxCore unchanged; each
 * subclass adds how its payment method is taken (test cards, test nonces).
 */
export abstract class SandboxGateway {
  protected constructor(protected readonly core: SandboxCore) {}

  ensureCustomer(customer: {
    id: string;
    email: string;
    name: string;
    customerRef: string | null;
  }): Promise<string> {
    return this.core.ensureCustomer(customer);
  }

  changeSubscription(input: ChangeSubscriptionInput): Promise<SubscriptionResult> {
    return this.core.changeSubscription(input);
  }

  previewChange(input: PreviewChangeInput): Promise<CostPreview> {
    return this.core.previewChange(input);
  }

  cancelAtPeriodEnd(externalId: string): Promise<SubscriptionSnapshot> {
    return this.core.cancelAtPeriodEnd(externalId);
  }

  resumeSubscription(externalId: string): Promise<SubscriptionSnapshot> {
    return this.core.resumeSubscription(externalId);
  }

  retrieveSubscription(externalId: string): Promise<SubscriptionSnapshot> {
    return this.core.snapshot(externalId);
  }

  removePaymentMethod(customerRef: string): Promise<void> {
    return this.core.removePaymentMethod(customerRef);
  }

  liveSubscriptions(customerRef: string, idempotencyKey: string): Promise<FoundSubscription[]> {
    return this.core.liveSubscriptions(customerRef, idempotencyKey);
  }

  cancelAndRefund(externalId: string): Promise<void> {
    return this.core.endNow(externalId);
  }
}
