import { pageAddress, pagePaths, safeRedirect } from '@animata/contracts';

/** /auth/login?url=<where the visitor was going>, or plain /auth/login for the home page. */
export function loginUrlFor(returnTo: string): string {
  const target = safeRedirect(returnTo);
  return target === '/' ? pagePaths.login : `${pagePaths.login}?url=${encodeURIComponent(target)}`;
}

/** The address of the page a loader or action runs for (see pageAddress). */
export function pagePathOf(request: Request): string {
  return pageAddress(request.url);
}
