/**
 * The one-time notification carried across a page load (account-and-auth §2.1, §3) and the
 * snackbar that shows it (billing-teams-apps §9).
 */
export type NotificationType = 'error' | 'success' | 'warning' | 'info';

export interface Notification {
  type: NotificationType;
  message: string;
  /** Milliseconds before it hides itself; 0 keeps it until dismissed. */
  timeout: number;
  /** Optional action: a label and where it leads. */
  button?: { label: string; href: string };
}

export const SNACKBAR_TIMEOUT_MS = 6000;
/** The close button of every snackbar card (the page's notification and the upload's). */
export const SNACKBAR_CLOSE_LABEL = 'Close notification';
export const NOTIFICATION_COOKIE = 'animata_notification';
/** The spec gives "60" without a unit; seconds is what a one-time cookie wants. */
export const NOTIFICATION_COOKIE_MAX_AGE_SECONDS = 60;
const MAX_MESSAGE_LENGTH = 500;

/** error, success and warning are kept; anything else is info (spec §2.1). */
export function normaliseNotificationType(value: unknown): NotificationType {
  return value === 'error' || value === 'success' || value === 'warning' ? value : 'info';
}

/** Reads an untrusted value (cookie, query) into a notification, or null when unusable. */
export function parseNotification(value: unknown): Notification | null {
  if (value === null || typeof value !== 'object') return null;
  const raw = value as Record<string, unknown>;
  if (typeof raw.message !== 'string' || raw.message.trim() === '') return null;
  const timeout =
    typeof raw.timeout === 'number' && Number.isFinite(raw.timeout) && raw.timeout >= 0
      ? Math.min(raw.timeout, 600_000)
      : SNACKBAR_TIMEOUT_MS;
  const notification: Notification = {
    type: normaliseNotificationType(raw.type),
    message: raw.message.slice(0, MAX_MESSAGE_LENGTH),
    timeout,
  };
  const button = raw.button as Record<string, unknown> | undefined;
  if (
    button &&
    typeof button.label === 'string' &&
    typeof button.href === 'string' &&
    isSameSitePath(button.href)
  ) {
    notification.button = { label: button.label.slice(0, 40), href: button.href };
  }
  return notification;
}

/** Only paths on this site: "/x" but not "//host" or "/\host" (open-redirect guard). */
export function isSameSitePath(href: string): boolean {
  return /^\/(?![/\\])/.test(href);
}

/** The cookie value: base64url of the JSON, so no message can break the cookie syntax. */
export function encodeNotification(notification: Notification): string {
  const bytes = new TextEncoder().encode(JSON.stringify(notification));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeNotification(value: string): Notification | null {
  try {
    const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return parseNotification(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    return null;
  }
}
