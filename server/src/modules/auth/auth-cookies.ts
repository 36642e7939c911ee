import type { FastifyReply } from 'fastify';
import { cookieBase } from '../../common/http/cookies.js';
import type { AppConfig } from '../../config/config.js';

/** Cookie names of sign-in besides the session (see the sessions module). */
export const DEVICE_COOKIE = 'animata_device';
export const TFA_ATTEMPT_COOKIE = 'animata_tfa';
export const OAUTH_STATE_COOKIE = 'animata_oauth';
/** Cookies sign-out removes besides the session (account-and-auth §4.3). */
export const SIGN_OUT_COOKIES = ['animata_payment_warning', 'animata_coupon'] as const;

const DEVICE_TTL_S = 400 * 24 * 60 * 60;
const TFA_ATTEMPT_TTL_S = 30 * 60;

export function setDeviceCookie(reply: FastifyReply, config: AppConfig, value: string): void {
  void reply.setCookie(DEVICE_COOKIE, value, { ...cookieBase(config.env), maxAge: DEVICE_TTL_S });
}

export function setAttemptCookie(reply: FastifyReply, config: AppConfig, token: string): void {
  void reply.setCookie(TFA_ATTEMPT_COOKIE, token, {
    ...cookieBase(config.env),
    maxAge: TFA_ATTEMPT_TTL_S,
  });
}

export function clearAttemptCookie(reply: FastifyReply, config: AppConfig): void {
  void reply.clearCookie(TFA_ATTEMPT_COOKIE, cookieBase(config.env));
}

export function clearSignOutCookies(reply: FastifyReply, config: AppConfig): void {
  for (const name of SIGN_OUT_COOKIES)
    void reply.clearCookie(name, { ...cookieBase(config.env), httpOnly: false });
}
