import { pagePaths } from '@animata/contracts';

/**
 * The post-login destination from the `url` parameter: only same-site paths are followed,
 * anything else (other hosts, protocol-relative, javascript:) goes to /.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || typeof target !== 'string') return fallback;
  const value = target.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // A control character or backslash anywhere can make browsers read a host.
  if (/[\u0000-\u001f\\]/.test(value)) return fallback;
  return value;
}

/** /auth/login?url=<where the visitor was going>, or plain /auth/login for the home page. */
export function loginUrlFor(returnTo: string): string {
  const target = safeRedirect(returnTo);
  return target === '/' ? pagePaths.login : `${pagePaths.login}?url=${encodeURIComponent(target)}`;
}
