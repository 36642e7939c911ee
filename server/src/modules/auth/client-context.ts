import type { FastifyRequest } from 'fastify';
import { readCookie } from '../../common/http/cookies.js';
import { DEVICE_COOKIE, TFA_ATTEMPT_COOKIE } from './auth-cookies.js';

/** Who is asking: what a sign-in decision reads from the request and its cookies. */
export interface ClientContext {
  ipAddress: string | null;
  userAgent: string | null;
  /** The long-lived device cookie's value, if the browser has one (device-cookie.ts). */
  deviceCookie: string | null;
  /** The two-factor attempt cookie, if a challenge is under way. */
  attemptToken: string | null;
}

/** The client facts of a request. request.ip honours TRUST_PROXY. */
export function clientContext(request: FastifyRequest): ClientContext {
  const userAgent = request.headers['user-agent'];
  return {
    ipAddress: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    deviceCookie: readCookie(request.headers.cookie, DEVICE_COOKIE),
    attemptToken: readCookie(request.headers.cookie, TFA_ATTEMPT_COOKIE),
  };
}
