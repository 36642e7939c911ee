import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isProtectedPath, loginOutcome, registerOutcome } from './login-outcome.js';

describe('loginOutcome (account-and-auth §4.2)', () => {
  it('opens the two-factor dialog when asked', () => {
    assert.deepEqual(loginOutcome({ customer_id: null, secured: true, tfa_required: true }, '/'), {
      kind: 'two-factor',
    });
  });

  it("answers 'Unknown login error.' without a customer_id", () => {
    assert.deepEqual(loginOutcome({ customer_id: null, secured: true, tfa_required: false }, '/'), {
      kind: 'error',
      message: 'Unknown login error.',
    });
  });

  it('sends a weak-password login to the strong-password screen with the redirect url', () => {
    assert.deepEqual(
      loginOutcome({ customer_id: 'c', secured: false, tfa_required: false }, '/billing?x=1'),
      {
        kind: 'redirect',
        to: '/auth/strong-password?url=%2Fbilling%3Fx%3D1',
      },
    );
  });

  it('sends an unverified customer to the verify-email screen, others to the url', () => {
    const base = { customer_id: 'c', secured: true, tfa_required: false };
    assert.deepEqual(loginOutcome({ ...base, verified: false }, '/account'), {
      kind: 'redirect',
      to: '/auth/verify-email',
    });
    assert.deepEqual(loginOutcome({ ...base, verified: true }, '/account'), {
      kind: 'redirect',
      to: '/account',
    });
  });
});

describe('registerOutcome (account-and-auth §4.4)', () => {
  it('opens the two-factor dialog when asked', () => {
    assert.deepEqual(registerOutcome({ customer_id: null, tfa_required: true }), {
      kind: 'two-factor',
    });
  });

  it("answers 'Unknown login error.' without a customer_id", () => {
    assert.deepEqual(registerOutcome({ customer_id: null, tfa_required: false }), {
      kind: 'error',
      message: 'Unknown login error.',
    });
  });

  it('goes home with the registered message', () => {
    assert.deepEqual(registerOutcome({ customer_id: 'c', tfa_required: false }), {
      kind: 'redirect',
      to: '/',
      notice: 'You have successfully registered. Check your inbox and validate your email',
    });
  });
});

describe('isProtectedPath (account-and-auth §2.3)', () => {
  it('knows the listed paths and project ids', () => {
    for (const path of [
      '/account',
      '/invoices',
      '/billing/',
      '/pay/monthly/pro',
      `/${'a1'.repeat(16)}`,
    ]) {
      assert.equal(isProtectedPath(path), true, path);
    }
  });

  it('leaves everything else alone', () => {
    for (const path of [
      '/',
      '/auth/login',
      '/pricing',
      `/${'A1'.repeat(16)}`,
      `/${'a'.repeat(31)}`,
    ]) {
      assert.equal(isProtectedPath(path), false, path);
    }
  });
});
