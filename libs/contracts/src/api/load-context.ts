import type { BffTransport } from './transport.js';

/**
 * What every Remix loader and action receives as `context`, declared once: the server's Remix
 * bridge builds it for each page request, and the web app merges it into Remix's
 * `AppLoadContext` (web/app/load-context.ts).
 */
export interface WebLoadContext {
  /** How the web's BFF client reaches the BFF (in-process inject() or HTTP). */
  bff: BffTransport;
  /** The page request's correlation id, forwarded to the BFF and shown in the logs. */
  requestId: string;
  /** The public origin the pages are served from; the BFF sees it as the calls' origin. */
  publicOrigin: string;
  /**
   * The visitor's address as Fastify sees it (TRUST_PROXY decides which proxies count),
   * forwarded to the BFF for rate limits and session records.
   */
  clientAddress: string;
  /**
   * This page response's Content-Security-Policy nonce (new for every request): the policy
   * allows inline scripts only with it, so the document's own scripts must carry it.
   */
  cspNonce: string;
  /**
   * This page response's Content-Security-Policy with more `form-action` sources. Chromium
   * applies form-action to the redirect that answers a form post, so a page whose form is
   * answered by a redirect to another site (the authorization page's registered redirect URI)
   * sends this policy instead of the default one.
   */
  contentSecurityPolicy(formActionSources: readonly string[]): string;
}

/**
 * The error a page's request body fails with once it passes the form limit: the bridge cuts the
 * stream there, and the web's readForm answers 413 with the form instead of a crash.
 */
export const BODY_TOO_LARGE_CODE = 'ANIMATA_BODY_TOO_LARGE';
