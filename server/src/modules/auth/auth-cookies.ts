import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../../config/config.js';
import { SESSION_TTL_MS, sessionCookieName } from './session-cookie.js';

/** Cookie names of sign-in besides the session (see session-cookie.ts). */
export const DEVICE_COOKIE = 'animata_device';
export const TFA_ATTEMPT_COOKIE = 'animata_tfa';
export const OAUTH_STATE_COOKIE = 'animata_oauth';
/** Cookies sign-out removes besides the session (account-and-auth §4.3). */
export const SIGN_OUT_COOKIES = ['animata_payment_warning', 'animata_coupon'] as const;

const DEVICE_TTL_S = 400 * 24 * 60 * 60;
const TFA_ATTEMPT_TTL_S = 30 * 60;

function base(config: AppConfig) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.env === 'production',
  };
}

export function setSessionCookie(reply: FastifyReply, config: AppConfig, token: string): void {
  void reply.setCookie(sessionCookieName(config), token, {
    ...base(config),
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  void reply.clearCookie(sessionCookieName(config), base(config));
}

export function setDeviceCookie(reply: FastifyReply, config: AppConfig, value: string): void {
  void reply.setCookie(DEVICE_COOKIE, value, { ...base(config), maxAge: DEVICE_TTL_S });
}

export function setAttemptCookie(reply: FastifyReply, config: AppConfig, token: string): void {
  void reply.setCookie(TFA_ATTEMPT_COOKIE, token, { ...base(config), maxAge: TFA_ATTEMPT_TTL_S });
}

export function clearAttemptCookie(reply: FastifyReply, config: AppConfig): void {
  void reply.clearCookie(TFA_ATTEMPT_COOKIE, base(config));
}

export function clearSignOutCookies(reply: FastifyReply, config: AppConfig): void {
  for (const name of SIGN_OUT_COOKIES)
    void reply.clearCookie(name, { ...base(config), httpOnly: false });
}
