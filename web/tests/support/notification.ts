import { NOTIFICATION_COOKIE, type Notification } from '@animata/contracts';

/**
 * The one-time notification cookie as the server writes it (base64url JSON), for tests that
 * start a page with a notification waiting. Written out here on purpose: the test pins the
 * cookie's format rather than reusing the code under test.
 */
export function notificationCookie(notification: Partial<Notification> & { message: string }) {
  const value = Buffer.from(JSON.stringify(notification)).toString('base64url');
  return { [NOTIFICATION_COOKIE]: value };
}
