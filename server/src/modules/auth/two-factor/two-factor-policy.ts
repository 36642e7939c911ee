import type { TwoFactorAction } from '@animata/contracts';

/**
 * When login, registration or a payment must be confirmed with an e-mail code (recorded in
 * docs/decisions.md):
 * - login: the customer turned two-factor on, or signs in from a device not seen before while
 *   the account has had repeated failed logins recently, or the captcha (when configured) did
 *   not vouch for the request;
 * - registration: the client address has tried several registrations within the hour, or the
 *   captcha did not vouch for it;
 * - payment: the customer turned two-factor on.
 */
export interface TwoFactorSignals {
  action: TwoFactorAction;
  /** True when no captcha is configured, or its token scored as human. */
  captchaPassed: boolean;
  twoFactorEnabled: boolean;
  knownDevice: boolean;
  recentFailures: number;
  recentRegistrationsFromAddress: number;
}

export interface TwoFactorThresholds {
  failuresBeforeUnknownDeviceCheck: number;
  registrationsBeforeCheck: number;
}

export const DEFAULT_TWO_FACTOR_THRESHOLDS: TwoFactorThresholds = {
  failuresBeforeUnknownDeviceCheck: 3,
  registrationsBeforeCheck: 3,
};

export function requiresTwoFactor(
  signals: TwoFactorSignals,
  thresholds: TwoFactorThresholds = DEFAULT_TWO_FACTOR_THRESHOLDS,
): boolean {
  switch (signals.action) {
    case 'login':
      return (
        !signals.captchaPassed ||
        signals.twoFactorEnabled ||
        (!signals.knownDevice &&
          signals.recentFailures >= thresholds.failuresBeforeUnknownDeviceCheck)
      );
    case 'register':
      return (
        !signals.captchaPassed ||
        signals.recentRegistrationsFromAddress > thresholds.registrationsBeforeCheck
      );
    case 'payment':
      return signals.twoFactorEnabled;
  }
}
