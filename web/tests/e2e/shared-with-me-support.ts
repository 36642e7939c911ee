import { liveEvents } from '@animata/contracts';
import { newSession, sendLive, sessionCookieName } from '@animata/server/test-support';
import type { BrowserTest } from '../support/browser.js';

/** The cookies of a new session of the customer. */
export async function cookiesOf(
  t: BrowserTest,
  customerId: string,
): Promise<Record<string, string>> {
  return { [sessionCookieName(t.app.config)]: await newSession(t.app, customerId) };
}

/**
 * The live message the sharing module sends when a grant is given (the grant itself was made by
 * a factory, as an accepted invite leaves it: the invite flow has its own test).
 */
export function sendSharingChanged(t: BrowserTest, customerId: string, projectId: string): void {
  sendLive(t.app, customerId, liveEvents.sharingChanged, {
    entity: 'project',
    id: projectId,
    change: 'granted',
  });
}
