/**
 * The session cookie's names, which the BFF sets and the pages look for (a page tells a visitor
 * whose session ended from one who never had one by whether the cookie came with the request).
 * In production it is `__Host-` prefixed: browsers then keep it only with Secure, a Path of /
 * and no Domain.
 */
export const SESSION_COOKIE = 'animata_session';
export const SESSION_COOKIE_PRODUCTION = `__Host-${SESSION_COOKIE}`;

/** The session cookie's name in production (true) or in development and tests (false). */
export function sessionCookieNameFor(production: boolean): string {
  return production ? SESSION_COOKIE_PRODUCTION : SESSION_COOKIE;
}
