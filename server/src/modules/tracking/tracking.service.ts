import { Injectable } from '@nestjs/common';
import { TrackingRepository } from './tracking.repository.js';

/** Product events (sign-up now; Purchase, AddPaymentInfo, InitiateCheckout with billing). */
export type TrackingEventName =
  'SignUp' | 'Login' | 'Purchase' | 'AddPaymentInfo' | 'InitiateCheckout';

@Injectable()
export class TrackingService {
  constructor(private readonly events: TrackingRepository) {}

  track(
    customerId: string | null,
    eventName: TrackingEventName,
    eventData: Record<string, unknown> = {},
  ): Promise<void> {
    return this.events.insert(customerId, eventName, eventData);
  }
}
