import { Injectable } from '@nestjs/common';
import type { TrackingEvent } from '@animata/contracts';
import { TrackingRepository } from './tracking.repository.js';

/** Product events: sign-up and login, the checkout's and the seasonal popups' (TRACKING_EVENTS). */
export type TrackingEventName = 'SignUp' | 'Login' | TrackingEvent;

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
