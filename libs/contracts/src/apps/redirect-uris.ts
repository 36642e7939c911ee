/**
 * Where an app may send a customer back to, and which window may receive the result
 * (decision 80). An app registers its redirect URIs and origins; the authorization page and the
 * BFF accept only an exact match with one of them, compared as the strings were registered.
 * Registration takes https anywhere, and http only on loopback (127.0.0.1, [::1], localhost),
 * as OAuth 2.0 for native apps (RFC 8252 §7.3) and the OAuth security BCP (RFC 9700 §4.1) do.
 */
export const MAX_REDIRECT_URIS = 10;
export const MAX_APP_ORIGINS = 10;
export const REDIRECT_URI_MAX_LENGTH = 2000;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

function parse(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function schemeAllowed(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * Why a redirect URI cannot be registered, or undefined when it can. The URI must already be in
 * the form the URL parser writes it (so an exact string match is a match of what browsers
 * navigate to): no user info, no fragment, no white space.
 */
export function redirectUriProblem(value: string): string | undefined {
  if (value.length > REDIRECT_URI_MAX_LENGTH)
    return `Redirect URIs are at most ${REDIRECT_URI_MAX_LENGTH} characters`;
  const url = parse(value);
  if (!url) return `${value} is not an absolute URL`;
  if (!schemeAllowed(url))
    return `${value} must use https (http only on 127.0.0.1, [::1] or localhost)`;
  if (url.username || url.password) return `${value} must not contain a user name or password`;
  if (url.hash || value.includes('#')) return `${value} must not contain a fragment (#)`;
  if (url.href !== value) return `${value} is not in its normal form; use ${url.href}`;
  return undefined;
}

/** Why an origin cannot be registered: `scheme://host[:port]` only, https or loopback http. */
export function originProblem(value: string): string | undefined {
  const url = parse(value);
  if (!url || url.origin === 'null') return `${value} is not an origin (scheme://host[:port])`;
  if (!schemeAllowed(url))
    return `${value} must use https (http only on 127.0.0.1, [::1] or localhost)`;
  if (url.origin !== value) return `${value} is not an origin; use ${url.origin}`;
  return undefined;
}

/** Exactly one of the registered redirect URIs, or null: no prefix, case or encoding games. */
export function registeredRedirect(
  registered: readonly string[],
  candidate: unknown,
): string | null {
  if (typeof candidate !== 'string') return null;
  return registered.includes(candidate) ? candidate : null;
}
