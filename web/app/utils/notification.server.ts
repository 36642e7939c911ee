import {
  catalogueMessages,
  LOGGED_OUT_NOTICE_MS,
  NOTIFICATION_COOKIE,
  NOTIFICATION_COOKIE_MAX_AGE_SECONDS,
  pagePaths,
  parseNotification,
  SNACKBAR_TIMEOUT_MS,
  type Notification,
} from '@animata/contracts';
import { redirect } from '@remix-run/node';

const secure = process.env.NODE_ENV === 'production';

/**
 * The one-time notification cookie (account-and-auth §2.1): type, message, timeout and button,
 * carried across one page load and then cleared. The value is base64url JSON so no message
 * can break the cookie syntax.
 */
export const notificationCookie = {
  serialize(notification: Notification): string {
    const value = Buffer.from(JSON.stringify(notification)).toString('base64url');
    return `${NOTIFICATION_COOKIE}=${value}; Path=/; Max-Age=${NOTIFICATION_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  },
  clear(): string {
    return `${NOTIFICATION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  },
  read(request: Request): Notification | null {
    const header = request.headers.get('cookie') ?? '';
    const match = header.split(/;\s*/).find((part) => part.startsWith(`${NOTIFICATION_COOKIE}=`));
    if (!match) return null;
    try {
      const json = Buffer.from(match.slice(NOTIFICATION_COOKIE.length + 1), 'base64url').toString('utf8');
      return parseNotification(JSON.parse(json));
    } catch {
      return null;
    }
  },
};

export function notify(
  type: Notification['type'],
  message: string,
  extra: Partial<Pick<Notification, 'timeout' | 'button'>> = {},
): Notification {
  return { type, message, timeout: extra.timeout ?? SNACKBAR_TIMEOUT_MS, ...(extra.button ? { button: extra.button } : {}) };
}

/** The 401 notice: 'You have been logged out. Please log in again.' with 'Log In', 120000 ms. */
export function loggedOutNotification(): Notification {
  return notify('info', catalogueMessages.loggedOut, {
    timeout: LOGGED_OUT_NOTICE_MS,
    button: { label: catalogueMessages.loggedOutButton, href: pagePaths.login },
  });
}

/** Redirect after a successful post, carrying the notice to the next page (PRG). */
export function redirectWithNotification(
  to: string,
  notification: Notification,
  init: { headers?: HeadersInit } = {},
): Response {
  const headers = new Headers(init.headers);
  headers.append('set-cookie', notificationCookie.serialize(notification));
  return redirect(to, { headers });
}
