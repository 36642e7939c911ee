import { createHmac, timingSafeEqual } from 'node:crypto';
import { endpoints } from '@animata/contracts';

/**
 * Signed share URLs of a render's file (issue 32): `{PUBLIC_URL}/api/animata/video/shared/{id}
 * ?expires={unix seconds}&signature={base64url HMAC-SHA-256 of "{id}.{expires}"}`, keyed by the
 * server's SHARE_LINK_SECRET. The URL carries its own expiry, so the row keeps only when the
 * latest share ends; the signature makes the expiry unforgeable. Decision 281.
 */

/** A share lasts this long from the last Share (decision 281). */
export const SHARE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function shareSignature(secret: string, id: string, expires: number): string {
  return createHmac('sha256', secret).update(`${id}.${expires}`).digest('base64url');
}

/** The URL of a share ending at `expiresAt` (whole seconds). */
export function shareUrl(publicUrl: string, secret: string, id: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const path = endpoints.renders.shared.path.replace(':id', id);
  const query = new URLSearchParams({
    expires: String(expires),
    signature: shareSignature(secret, id, expires),
  });
  return `${publicUrl.replace(/\/+$/, '')}${path}?${query.toString()}`;
}

/**
 * Whether a share URL's `expires` and `signature` were made by this server for this render and
 * have not expired at `now`. Compares in constant time; any malformed part is simply false.
 */
export function verifyShare(
  secret: string,
  id: string,
  expires: unknown,
  signature: unknown,
  now: Date,
): { valid: true; expiresAt: Date } | { valid: false } {
  if (typeof expires !== 'string' || typeof signature !== 'string') return { valid: false };
  if (!/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) {
    return { valid: false };
  }
  const seconds = Number(expires);
  const expected = Buffer.from(shareSignature(secret, id, seconds));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { valid: false };
  }
  if (seconds * 1000 <= now.getTime()) return { valid: false };
  return { valid: true, expiresAt: new Date(seconds * 1000) };
}
