import { pagePaths } from '../api/paths.js';
import { strongPasswordUrlFor } from '../navigation/return-to.js';
import { authMessages } from './auth-messages.js';
import type { LoginResponse, RegisterResponse } from './auth-dto.js';

/** What the login or registration form does next; `notice` is a success shown after the redirect. */
export type LoginOutcome =
  | { kind: 'two-factor' }
  | { kind: 'redirect'; to: string; notice?: string }
  | { kind: 'error'; message: string };

/**
 * What the login form does with the BFF's answer (account-and-auth §4.2): the two-factor dialog
 * when asked; without a customer_id, 'Unknown login error.'; a login with a weak password goes
 * to the strong-password screen with the redirect url, an unverified one to the verify-email
 * screen, anything else to the redirect url.
 */
export function loginOutcome(response: LoginResponse, redirectTo: string): LoginOutcome {
  if (response.tfa_required) return { kind: 'two-factor' };
  if (!response.customer_id) return { kind: 'error', message: authMessages.unknownLoginError };
  if (!response.secured) return { kind: 'redirect', to: strongPasswordUrlFor(redirectTo) };
  if (response.verified === false) return { kind: 'redirect', to: pagePaths.verifyEmail };
  return { kind: 'redirect', to: redirectTo };
}

/**
 * What the registration form does with the BFF's answer (account-and-auth §4.4): the two-factor
 * dialog when asked; without a customer_id, 'Unknown login error.'; otherwise the home page with
 * the registered message (which sends an unverified customer on to the verify-email screen).
 */
export function registerOutcome(response: RegisterResponse): LoginOutcome {
  if (response.tfa_required) return { kind: 'two-factor' };
  if (!response.customer_id) return { kind: 'error', message: authMessages.unknownLoginError };
  return { kind: 'redirect', to: pagePaths.home, notice: authMessages.registered };
}

/**
 * The pages that show the login form to a signed-out visitor (account-and-auth §2.3), then
 * return there after login. /{id} is a project: 32 lowercase letters and digits.
 */
const PROTECTED_PATHS = new Set([
  '/account',
  '/invoices',
  '/billing',
  '/account/change-password',
  '/billing/change-card',
  '/billing/remove-payment-method',
  '/billing/cancel-renewal',
  '/pay/annual/pro',
  '/pay/monthly/pro',
]);

export function isProtectedPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PROTECTED_PATHS.has(path) || /^\/[a-z0-9]{32}$/.test(path);
}
