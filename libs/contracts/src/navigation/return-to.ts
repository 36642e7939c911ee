import { fillPath } from '../api/fill-path.js';
import { pagePaths } from '../api/paths.js';
import { safeRedirect } from './safe-redirect.js';

/**
 * The addresses that carry where a visitor was going (account-and-auth §2.3, §2.4, §4.2), built
 * in one place for the pages and the BFF alike.
 */

/**
 * `path?url=<returnTo>`: only a same-site path is carried, and the home page is left out
 * (plain `path`), since that is where a missing url leads anyway.
 */
export function withReturnTo(path: string, returnTo: unknown): string {
  const target = safeRedirect(returnTo);
  return fillPath(path, { query: { url: target === '/' ? undefined : target } });
}

/** /auth/login?url=<where the visitor was going>, or plain /auth/login for the home page. */
export function loginUrlFor(returnTo: unknown): string {
  return withReturnTo(pagePaths.login, returnTo);
}

/**
 * The strong-password screen, always with the url the visitor goes on to once the password is
 * updated or postponed (§4.2, §4.6). `returnTo` is a path of this site (a request's own address
 * or an already checked url).
 */
export function strongPasswordUrlFor(returnTo: string): string {
  return fillPath(pagePaths.strongPassword, { query: { url: returnTo } });
}
