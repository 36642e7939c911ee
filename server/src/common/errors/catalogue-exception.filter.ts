import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorResponse } from './error-response.js';

/** Every error of the BFF leaves as a catalogue body with the request's correlation id. */
@Catch()
export class CatalogueExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const { status, body, unexpected, retryAfterSeconds } = toErrorResponse(
      exception,
      String(request.id),
    );
    if (unexpected) request.log.error({ err: exception }, 'unexpected error');
    if (retryAfterSeconds !== undefined) void reply.header('retry-after', retryAfterSeconds);
    void reply.status(status).header('cache-control', 'no-store').send(body);
  }
}
