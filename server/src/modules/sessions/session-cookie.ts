import type { FastifyReply } from 'fastify';
import { sessionCookieNameFor } from '@animata/contracts';
import { cookieBase } from '../../common/http/cookies.js';
import type { AppConfig } from '../../config/config.js';

/**
 * The session cookie: httpOnly, SameSite=Lax, and in production `__Host-` prefixed and Secure
 * (the prefix makes browsers refuse it without Secure, a Path of / and no Domain). Its names
 * live in libs/contracts: the pages look for it too.
 */
export function sessionCookieName(config: Pick<AppConfig, 'env'>): string {
  return sessionCookieNameFor(config.env === 'production');
}

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function setSessionCookie(reply: FastifyReply, config: AppConfig, token: string): void {
  void reply.setCookie(sessionCookieName(config), token, {
    ...cookieBase(config.env),
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  void reply.clearCookie(sessionCookieName(config), cookieBase(config.env));
}
