import { createHmac, timingSafeEqual } from 'node:crypto';
import { newToken } from '../../common/ids.js';

/**
 * The long-lived device cookie (two-factor policy: "an unknown device after repeated failures").
 * It holds a random device id and, for each of the last customers who signed in with it, a mark
 * only the server can make: HMAC-SHA-256 over the device id and the customer id, keyed by the
 * customer's password hash (secret, server-side, high entropy). A device is known to a customer
 * when its cookie carries that customer's mark. Nothing is stored per device, so a successful
 * login writes no device row, and a new password forgets every device (docs/decisions.md).
 * Format: `<id>.<mark>.<mark>…`, base64url parts; a bare `<id>` (older cookies) has no marks.
 */
export interface DeviceCookie {
  id: string;
  marks: string[];
}

/** The customers one browser remembers; older marks drop off. */
export const MAX_DEVICE_MARKS = 5;
/** 128 bits of the HMAC, base64url. */
const MARK_LENGTH = 22;
const PART = /^[A-Za-z0-9_-]{16,64}$/;

/** What a customer needs for its mark; no password hash (social sign-in only), no mark. */
export interface MarkedCustomer {
  id: string;
  passwordHash: string | null;
}

export function readDeviceCookie(value: string | null | undefined): DeviceCookie | null {
  if (!value || value.length > 64 + MAX_DEVICE_MARKS * (MARK_LENGTH + 1)) return null;
  const [id, ...marks] = value.split('.');
  if (!id || !PART.test(id)) return null;
  return {
    id,
    marks: marks
      .filter((mark) => mark.length === MARK_LENGTH && PART.test(mark))
      .slice(-MAX_DEVICE_MARKS),
  };
}

export function deviceMark(deviceId: string, customer: MarkedCustomer): string | null {
  if (!customer.passwordHash) return null;
  return createHmac('sha256', customer.passwordHash)
    .update(`animata-device:${deviceId}:${customer.id}`)
    .digest('base64url')
    .slice(0, MARK_LENGTH);
}

export function isKnownDevice(cookie: DeviceCookie | null, customer: MarkedCustomer): boolean {
  if (!cookie) return false;
  const expected = deviceMark(cookie.id, customer);
  return expected !== null && carries(cookie, expected);
}

function carries(cookie: DeviceCookie, expected: string): boolean {
  const wanted = Buffer.from(expected);
  return cookie.marks.some((mark) => timingSafeEqual(Buffer.from(mark), wanted));
}

/**
 * The cookie value after this customer signed in on the device, or null when the cookie already
 * says so. A browser without a (valid) cookie gets a new device id.
 */
export function deviceCookieAfterSignIn(
  cookie: DeviceCookie | null,
  customer: MarkedCustomer,
): string | null {
  if (!cookie) {
    const id = newToken();
    const mark = deviceMark(id, customer);
    return mark ? `${id}.${mark}` : id;
  }
  const mark = deviceMark(cookie.id, customer);
  if (!mark || carries(cookie, mark)) return null;
  return [cookie.id, ...[...cookie.marks, mark].slice(-MAX_DEVICE_MARKS)].join('.');
}
