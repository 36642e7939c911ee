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
import { requestCookie } from './cookies.server.js';

const secure = process.env.NODE_ENV === 'production';
const attributes = `HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/**
 * The one-time notification cookie (account-and-auth §2.1): type, message, timeout and button,
 * carried across one page load and then cleared by the root loader. The value is base64url
 * JSON, so no message can break the cookie syntax; it lives 60 seconds (§9 gives "60" without
 * a unit), long enough for a redirect, short enough not to surprise anyone later. What comes
 * back is read as untrusted input (parseNotification): anything but error, success and warning
 * is info, and a button may only lead to a path on this site.
 */
export const notificationCookie = {
  serialize(notification: Notification): string {
    const value = Buffer.from(JSON.stringify(notification)).toString('base64url');
    const maxAge = NOTIFICATION_COOKIE_MAX_AGE_SECONDS;
    return `${NOTIFICATION_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; ${attributes}`;
  },
  clear(): string {
    return `${NOTIFICATION_COOKIE}=; Path=/; Max-Age=0; ${attributes}`;
  },
  /** The cookie's raw value, or null when the request has none. */
  raw(request: Request): string | null {
    return requestCookie(request, NOTIFICATION_COOKIE);
  },
  /** The notification, or null when there is none or it cannot be read. */
  read(request: Request): Notification | null {
    const raw = notificationCookie.raw(request);
    if (!raw) return null;
    try {
      return parseNotification(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
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
  return {
    type,
    message,
    timeout: extra.timeout ?? SNACKBAR_TIMEOUT_MS,
    ...(extra.button ? { button: extra.button } : {}),
  };
}

/**
 * The 401 notice: 'You have been logged out. Please log in again.' with a 'Log In' button,
 * shown for 120000 ms. The button leads to `loginHref` (the login page with the return
 * address), or the plain login page.
 */
export function loggedOutNotification(loginHref: string = pagePaths.login): Notification {
  return notify('info', catalogueMessages.loggedOut, {
    timeout: LOGGED_OUT_NOTICE_MS,
    button: { label: catalogueMessages.loggedOutButton, href: loginHref },
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
