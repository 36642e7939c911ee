import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { requiresTwoFactor, type TwoFactorSignals } from './two-factor-policy.js';

const base: TwoFactorSignals = {
  action: 'login',
  captchaPassed: true,
  twoFactorEnabled: false,
  knownDevice: true,
  recentFailures: 0,
  recentRegistrationsFromAddress: 0,
};
const thresholds = { failuresBeforeUnknownDeviceCheck: 3, registrationsBeforeCheck: 3 };

describe('requiresTwoFactor', () => {
  it('lets an ordinary login through', () => {
    assert.equal(requiresTwoFactor(base, thresholds), false);
  });

  it('asks when the customer turned two-factor on', () => {
    assert.equal(requiresTwoFactor({ ...base, twoFactorEnabled: true }, thresholds), true);
  });

  it('asks an unknown device after repeated failures, but not a known one', () => {
    const signals = { ...base, knownDevice: false, recentFailures: 3 };
    assert.equal(requiresTwoFactor(signals, thresholds), true);
    assert.equal(requiresTwoFactor({ ...signals, recentFailures: 2 }, thresholds), false);
    assert.equal(requiresTwoFactor({ ...signals, knownDevice: true }, thresholds), false);
  });

  it('asks when the captcha did not vouch for a login or a registration', () => {
    assert.equal(requiresTwoFactor({ ...base, captchaPassed: false }, thresholds), true);
    assert.equal(
      requiresTwoFactor({ ...base, action: 'register', captchaPassed: false }, thresholds),
      true,
    );
  });

  it('asks a registration once the address has tried more than the threshold', () => {
    const register = { ...base, action: 'register' as const };
    assert.equal(
      requiresTwoFactor({ ...register, recentRegistrationsFromAddress: 3 }, thresholds),
      false,
    );
    assert.equal(
      requiresTwoFactor({ ...register, recentRegistrationsFromAddress: 4 }, thresholds),
      true,
    );
  });

  it('asks for payments only when two-factor is on', () => {
    const payment = { ...base, action: 'payment' as const, knownDevice: false, recentFailures: 10 };
    assert.equal(requiresTwoFactor(payment, thresholds), false);
    assert.equal(requiresTwoFactor({ ...payment, twoFactorEnabled: true }, thresholds), true);
  });
});
