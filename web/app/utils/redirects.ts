import { pageAddress, pagePaths, safeRedirect } from '@animata/contracts';

/** `path?url=<where the visitor was going>`, or plain `path` when that is the home page. */
export function withReturnTo(path: string, returnTo: string): string {
  const target = safeRedirect(returnTo);
  return target === '/' ? path : `${path}?url=${encodeURIComponent(target)}`;
}

/** /auth/login?url=<where the visitor was going>, or plain /auth/login for the home page. */
export function loginUrlFor(returnTo: string): string {
  return withReturnTo(pagePaths.login, returnTo);
}

/** The address of the page a loader or action runs for (see pageAddress). */
export function pagePathOf(request: Request): string {
  return pageAddress(request.url);
}

/** The post-login destination: the url parameter (plus hash when the form carried it). */
export function returnTo(value: FormDataEntryValue | string | null | undefined): string {
  return safeRedirect(typeof value === 'string' ? value : null);
}
