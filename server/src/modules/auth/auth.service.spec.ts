import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { authMessages, NOTICE_KEY, type LoginRequest } from '@animata/contracts';
import type { RateLimiter } from '../../common/rate-limit/rate-limiter.js';
import { loadConfig } from '../../config/config.js';
import type { JobQueue } from '../../jobs/job-queue.port.js';
import type { CustomerEntity, CustomersRepository } from '../customers/index.js';
import type { NewSessionMeta, SessionsService } from '../sessions/index.js';
import type { TrackingService } from '../tracking/index.js';
import type { AuthMailer } from './auth-mailer.js';
import type { AuthTokensService } from './auth-tokens.service.js';
import { AuthLimits } from './auth-limits.js';
import { AuthException } from './auth.exception.js';
import { RegistrationInvitesHook } from './registration-invites.js';
import { AuthService } from './auth.service.js';
import type { CaptchaVerifier } from './captcha.js';
import type { ClientContext } from './client-context.js';
import { deviceCookieAfterSignIn, readDeviceCookie } from './device-cookie.js';
import type { LoginAttemptsRepository } from './login-attempts.repository.js';
import type { PasswordChanges } from './password-changes.js';
import type { PasswordHasher } from './password-hasher.js';
import type { TwoFactorService } from './two-factor/two-factor.service.js';

const NOW = new Date('2026-11-23T12:00:00Z');
const STRONG = 'Correct-Horse-9-battery';
const WEAK = 'abcdefgh';
const config = loadConfig({ NODE_ENV: 'test' });

function customer(overrides: Partial<CustomerEntity> = {}): CustomerEntity {
  return {
    id: 'c0ffee00-0000-4000-8000-000000000001',
    email: 'ada@example.test',
    name: 'Ada',
    passwordHash: `hash:${STRONG}`,
    verifiedAt: NOW,
    twoFactorEnabled: false,
    passwordChangedAt: null,
    passwordUpdatePostponedAt: null,
    newsletterUnsubscribed: true,
    newsletterChangedAt: null,
    onboardingProjects: false,
    onboardingStep: 0,
    developerSince: null,
    billingName: '',
    billingDetails: '',
    billingInclude: false,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

const client: ClientContext = {
  ipAddress: '203.0.113.7',
  userAgent: 'spec',
  deviceCookie: null,
  attemptToken: null,
};

interface World {
  customer?: CustomerEntity | null;
  recentFailures?: number;
  rateLimited?: boolean;
  human?: boolean;
}

/** AuthService with every dependency replaced: records what login did, and in which order. */
function harness(world: World = {}) {
  const did: string[] = [];
  const sessionsCreated: Array<{ customerId: string; meta: NewSessionMeta }> = [];
  const failures: Array<{ customerId: string | null; email: string }> = [];
  const hasher = {
    hash: async (password: string) => `hash:${password}`,
    verify: async (hash: string, password: string) => {
      did.push('verify');
      return hash === `hash:${password}`;
    },
  } as PasswordHasher;
  const sessions = {
    create: async (customerId: string, meta: NewSessionMeta = {}) => {
      sessionsCreated.push({ customerId, meta });
      return 'session-token';
    },
  } as unknown as SessionsService;
  const attempts = {
    findCandidate: async () => {
      did.push('find');
      return { customer: world.customer ?? null, recentFailures: world.recentFailures ?? 0 };
    },
    recordFailure: async (customerId: string | null, email: string) => {
      failures.push({ customerId, email });
    },
    clearFailures: async () => {
      did.push('clear-failures');
    },
  } as unknown as LoginAttemptsRepository;
  const twoFactor = {
    open: async () => {
      did.push('open-challenge');
      return 'attempt-token';
    },
  } as unknown as TwoFactorService;
  const limiter: RateLimiter = {
    hit: async () => {
      did.push('rate-limit');
      const allowed = !world.rateLimited;
      return { allowed, hits: allowed ? 1 : 31, retryAfterMs: 1000 };
    },
  };
  const captcha: CaptchaVerifier = { enabled: true, verify: async () => world.human ?? true };
  const unused = {} as never;
  const service = new AuthService(
    unused as CustomersRepository,
    hasher,
    sessions,
    attempts,
    twoFactor,
    unused as AuthTokensService,
    unused as AuthMailer,
    unused as PasswordChanges,
    unused as TrackingService,
    new AuthLimits(limiter, config),
    captcha,
    unused as JobQueue,
    config,
    { now: () => NOW },
    new RegistrationInvitesHook(),
  );
  const login = (dto: Partial<LoginRequest>, context: ClientContext = client) =>
    service.login({ email: 'Ada@Example.test ', ...dto } as LoginRequest, context);
  return { login, did, sessionsCreated, failures };
}

async function refusal(promise: Promise<unknown>): Promise<AuthException> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof AuthException, `expected an AuthException, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the login to be refused');
}

describe('AuthService.login with a password', () => {
  it('signs a known customer in with the right password: a session, a device cookie, secured', async () => {
    const h = harness({ customer: customer() });
    const outcome = await h.login({ password: STRONG });
    assert.deepEqual(outcome.response, {
      customer_id: customer().id,
      secured: true,
      tfa_required: false,
      verified: true,
    });
    assert.equal(outcome.sessionToken, 'session-token');
    assert.ok(outcome.deviceCookie, 'a new device gets its cookie');
    assert.deepEqual(h.sessionsCreated, [
      {
        customerId: customer().id,
        meta: { userAgent: 'spec', ipAddress: '203.0.113.7', passwordUpdateRequired: false },
      },
    ]);
    assert.deepEqual(h.failures, []);
    assert.deepEqual(h.did, ['rate-limit', 'find', 'verify']);
  });

  it('answers "Wrong email or password" for a wrong password and counts the failure', async () => {
    const h = harness({ customer: customer() });
    const error = await refusal(h.login({ password: 'Not-the-password-1' }));
    assert.equal(error.status, 422);
    assert.deepEqual(error.fieldErrors, { [NOTICE_KEY]: authMessages.wrongCredentials });
    assert.deepEqual(h.failures, [{ customerId: customer().id, email: 'ada@example.test' }]);
    assert.deepEqual(h.sessionsCreated, []);
  });

  it('answers an unknown address exactly like a wrong password, after a hash all the same', async () => {
    const h = harness({ customer: null });
    const error = await refusal(h.login({ password: STRONG }));
    assert.deepEqual(error.fieldErrors, { [NOTICE_KEY]: authMessages.wrongCredentials });
    assert.ok(h.did.includes('verify'), 'the password is hashed for an unknown address too');
    assert.deepEqual(h.failures, [{ customerId: null, email: 'ada@example.test' }]);
    assert.deepEqual(h.sessionsCreated, []);
  });

  it('never refuses the right password for failures: a known device signs in after many', async () => {
    const h = harness({ customer: customer(), recentFailures: config.auth.lockThreshold * 3 });
    const known = deviceCookieAfterSignIn(readDeviceCookie(null), customer());
    assert.ok(known);
    const outcome = await h.login({ password: STRONG }, { ...client, deviceCookie: known });
    assert.equal(outcome.response.tfa_required, false);
    assert.equal(outcome.sessionToken, 'session-token');
    assert.deepEqual(h.failures, []);
  });

  it('asks for an e-mail code when the customer turned two-factor on, and starts no session', async () => {
    const h = harness({ customer: customer({ twoFactorEnabled: true }) });
    const outcome = await h.login({ password: STRONG });
    assert.deepEqual(outcome.response, { customer_id: null, secured: true, tfa_required: true });
    assert.equal(outcome.attemptToken, 'attempt-token');
    assert.equal(outcome.sessionToken, undefined);
    assert.deepEqual(h.sessionsCreated, []);
  });

  it('asks for an e-mail code from an unknown device after repeated failures', async () => {
    const failures = config.auth.twoFactor.failuresBeforeUnknownDeviceCheck;
    const h = harness({ customer: customer(), recentFailures: failures });
    const outcome = await h.login({ password: STRONG });
    assert.equal(outcome.response.tfa_required, true);
    assert.ok(h.did.includes('open-challenge'));
    assert.deepEqual(h.sessionsCreated, []);
  });

  it('lets a known device through after the same failures, and clears them', async () => {
    const failures = config.auth.twoFactor.failuresBeforeUnknownDeviceCheck;
    const h = harness({ customer: customer(), recentFailures: failures });
    const known = deviceCookieAfterSignIn(readDeviceCookie(null), customer());
    assert.ok(known);
    const outcome = await h.login({ password: STRONG }, { ...client, deviceCookie: known });
    assert.equal(outcome.response.tfa_required, false);
    assert.equal(outcome.deviceCookie, undefined, 'the device already carries its mark');
    assert.ok(h.did.includes('clear-failures'));
  });

  it('asks for an e-mail code when the captcha does not vouch for the request', async () => {
    const h = harness({ customer: customer(), human: false });
    const outcome = await h.login({ password: STRONG });
    assert.equal(outcome.response.tfa_required, true);
  });

  it('signs in with a weak password but marks the session for the strong-password screen', async () => {
    const h = harness({ customer: customer({ passwordHash: `hash:${WEAK}` }) });
    const outcome = await h.login({ password: WEAK });
    assert.equal(outcome.response.secured, false);
    assert.equal(outcome.response.tfa_required, false);
    assert.equal(h.sessionsCreated[0]?.meta.passwordUpdateRequired, true);
  });

  it('answers "Password is required" without a password, after counting the attempt', async () => {
    const h = harness({ customer: customer() });
    const error = await refusal(h.login({ password: '' }));
    assert.deepEqual(error.fieldErrors, { password: authMessages.passwordRequired });
    assert.deepEqual(h.did, ['rate-limit']);
  });

  it('answers 429 past the rate limit, before looking anything up', async () => {
    const h = harness({ customer: customer(), rateLimited: true });
    const error = await refusal(h.login({ password: STRONG }));
    assert.equal(error.status, 429);
    assert.deepEqual(h.did, ['rate-limit']);
    assert.deepEqual(h.sessionsCreated, []);
  });
});
