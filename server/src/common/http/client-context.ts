import type { FastifyRequest } from 'fastify';
import { DEVICE_COOKIE, TFA_ATTEMPT_COOKIE } from '../../modules/auth/auth-cookies.js';
import type { ClientContext } from '../../modules/auth/auth.service.js';
import { readCookie } from '../../modules/auth/session-cookie.js';

/** The client facts a sign-in decision needs. request.ip honours TRUST_PROXY. */
export function clientContext(request: FastifyRequest): ClientContext {
  const userAgent = request.headers['user-agent'];
  return {
    ipAddress: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    deviceCookie: readCookie(request.headers.cookie, DEVICE_COOKIE),
    attemptToken: readCookie(request.headers.cookie, TFA_ATTEMPT_COOKIE),
  };
}
