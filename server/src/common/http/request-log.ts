import { apiPaths, OUTBOX_KEY_PARAM, pagePaths } from '@animata/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';

/** What replaces a secret in the request log. */
const REDACTED = '[redacted]';

/**
 * Query parameters whose value is a secret, wherever they appear: reset, verification and
 * e-mail change tokens, OAuth codes and their PKCE values, client secrets, passwords, the dev
 * outbox's key (`tfa_token`, `refresh_token`, `client_secret` and the like included).
 */
const SECRET_NAME = new RegExp(`token|code|secret|password|${OUTBOX_KEY_PARAM}`, 'i');

/** Pages and calls whose whole query is a credential: every value is redacted there. */
const TOKEN_ROUTES = new Set<string>([
  pagePaths.resetPassword,
  pagePaths.verifyEmail,
  pagePaths.confirmEmailChange,
  pagePaths.devOutbox,
  apiPaths.devOutbox,
]);

/** A request address as the log may show it: secret query values replaced by [redacted]. */
export function redactedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const path = url.slice(0, at);
  // Remix's data requests of a page (`/auth/reset-password.data?…`) carry the same query.
  const everything = TOKEN_ROUTES.has(path.replace(/\.data$/, '').replace(/(.)\/$/, '$1'));
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is compared as sent.
      }
      return everything || SECRET_NAME.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** The request as Fastify's `req` serializer reads it, with its address redacted. */
function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    headers: { 'accept-version': request.headers['accept-version'] },
    host: request.host,
    ip: request.ip,
    socket: { remotePort: request.socket?.remotePort },
  };
}

/**
 * Fastify's request log lines, with query secrets redacted from every address they show (the
 * reset link's `?token=…` in "incoming request" gave away the account). Bodies are never logged.
 */
export class RedactingLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info({ req: loggedRequest(request) }, 'incoming request');
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (reply.statusCode >= 500) {
      reply.log.error({ req: loggedRequest(request), res: reply, err: error }, error?.message);
    } else {
      reply.log.info({ res: reply, err: error }, error?.message);
    }
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info(`Route ${request.raw.method}:${redactedUrl(request.raw.url ?? '')} not found`);
  }

  override writeHeadError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    reply.log.warn({ req: loggedRequest(request), res: reply, err: error }, error?.message);
  }
}
