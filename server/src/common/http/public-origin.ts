import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config.js';

/** PUBLIC_URL's origin, or (in development, when it is not set) the request's own. */
export function publicOrigin(
  config: Pick<AppConfig, 'publicUrl' | 'publicUrlExplicit'>,
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
): string {
  return config.publicUrlExplicit
    ? new URL(config.publicUrl).origin
    : `${request.protocol}://${request.host}`;
}
