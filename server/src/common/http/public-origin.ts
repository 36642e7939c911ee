import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config.js';

/** PUBLIC_URL's origin, or (in development, when it is not set) the request's own. */
export function publicOrigin(
  config: Pick<AppConfig, 'publicUrl' | 'publicUrlExplicit'>,
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
): string {
  return publicOriginOf(config)(request);
}

/**
 * publicOrigin with PUBLIC_URL parsed once, for what asks on every request (the CSRF check of
 * every write): the configuration never changes after boot.
 */
export function publicOriginOf(
  config: Pick<AppConfig, 'publicUrl' | 'publicUrlExplicit'>,
): (request: Pick<FastifyRequest, 'protocol' | 'host'>) => string {
  if (!config.publicUrlExplicit) return (request) => `${request.protocol}://${request.host}`;
  const origin = new URL(config.publicUrl).origin;
  return () => origin;
}
