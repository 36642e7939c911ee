import type { LiveEventPayloads } from '@animata/contracts';
import type { StartedApp } from '../../src/app/create-app.js';
import { LiveService, type LivePublishedEvent } from '../../src/live/live.service.js';

/**
 * A live message to every open tab of a customer, as the server's features send them (the
 * browser tests use it where the change itself was made by a factory, not through the API).
 */
export function sendLive<E extends LivePublishedEvent>(
  app: StartedApp,
  customerId: string,
  event: E,
  payload: LiveEventPayloads[E],
): void {
  app.app.get(LiveService).toCustomer(customerId, event, payload);
}
