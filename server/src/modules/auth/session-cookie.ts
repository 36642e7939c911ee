import type { AppConfig } from '../../config/config.js';

/**
 * The session cookie: httpOnly, SameSite=Lax, and in production `__Host-` prefixed and Secure
 * (the prefix makes browsers refuse it without Secure, a Path of / and no Domain).
 */
export function sessionCookieName(config: Pick<AppConfig, 'env'>): string {
  return config.env === 'production' ? '__Host-animata_session' : 'animata_session';
}

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Reads one cookie from a Cookie header (handshakes have no Fastify cookie parser). */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}
