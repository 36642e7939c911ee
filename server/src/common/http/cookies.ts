/**
 * Reads one cookie from a Cookie header. Used where no Fastify cookie parser runs (the Socket.IO
 * handshake) and where one value is all a request needs (parsing every cookie would cost more).
 */
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

/**
 * What every cookie of ours shares: the whole site, never readable by scripts, sent on top-level
 * navigations from other sites (Lax) but not on their form posts, and Secure in production.
 */
export function cookieBase(env: string) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: env === 'production' };
}
