import { type ArgumentsHost, Catch } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CatalogueExceptionFilter } from '../../../common/errors/catalogue-exception.filter.js';
import { OAuthError } from './oauth-error.js';
import { AUTH_REALM } from './oauth-rules.js';

/**
 * The token endpoint's filter: its refusals leave in RFC 6749 §5.2's shape with our request id,
 * with `WWW-Authenticate: Basic` when a Basic client failed; anything else as everywhere else.
 */
@Catch()
export class OAuthErrorFilter extends CatalogueExceptionFilter {
  override catch(exception: unknown, host: ArgumentsHost): void {
    if (!(exception instanceof OAuthError) || host.getType() !== 'http') {
      super.catch(exception, host);
      return;
    }
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    if (exception.basicChallenge)
      void reply.header('www-authenticate', `Basic realm="${AUTH_REALM}"`);
    void reply
      .status(exception.status)
      .header('cache-control', 'no-store')
      .header('pragma', 'no-cache')
      .send({
        error: exception.error,
        error_description: exception.description,
        requestId: String(request.id),
      });
  }
}
