import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The unlock cookie of a password-protected public link (issue 31): `<expiry>.<mark>`, the
 * expiry in Unix seconds and the mark an HMAC-SHA-256 over the project id and that expiry,
 * keyed by the link's password hash (secret, server-side, salted). Nothing is stored per
 * unlock; a new password (a new hash) or a removed one ends every unlock at once, and so does
 * the expiry. The device cookie (auth/device-cookie.ts) is keyed the same way.
 */
const MARK = /^[A-Za-z0-9_-]{43}$/;

function mark(projectId: string, expiresAtS: number, passwordHash: string): string {
  return createHmac('sha256', passwordHash)
    .update(`animata-public-unlock:${projectId}:${expiresAtS}`)
    .digest('base64url');
}

/** The cookie value unlocking `projectId` until `now + ttlS`. */
export function unlockToken(
  projectId: string,
  passwordHash: string,
  now: Date,
  ttlS: number,
): string {
  const expiresAtS = Math.floor(now.getTime() / 1000) + ttlS;
  return `${expiresAtS}.${mark(projectId, expiresAtS, passwordHash)}`;
}

/** Whether the cookie value unlocks `projectId` protected by `passwordHash` at `now`. */
export function isUnlocked(
  token: string | null,
  projectId: string,
  passwordHash: string,
  now: Date,
): boolean {
  if (!token || token.length > 64) return false;
  const [expiry, given, ...rest] = token.split('.');
  if (rest.length > 0 || !expiry || !given || !/^\d{1,12}$/.test(expiry) || !MARK.test(given))
    return false;
  const expiresAtS = Number(expiry);
  if (expiresAtS * 1000 <= now.getTime()) return false;
  return timingSafeEqual(
    Buffer.from(given),
    Buffer.from(mark(projectId, expiresAtS, passwordHash)),
  );
}
