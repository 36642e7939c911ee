import { Inject, Injectable } from '@nestjs/common';
import {
  authMessages,
  failingPasswordRequirement,
  isStrongPassword,
  twoFactorMessages,
  type EmptyResponse,
  type LoginRequest,
  type LoginResponse,
  type RegisterRequest,
  type RegisterResponse,
} from '@animata/contracts';
import type { Clock } from '../../common/clock.js';
import type { AppConfig } from '../../config/config.js';
import { CAPTCHA_VERIFIER, CLOCK, CONFIG, JOB_QUEUE } from '../../common/tokens.js';
import type { JobQueue } from '../../jobs/job-queue.port.js';
import { type CustomerEntity, CustomersRepository, normaliseEmail } from '../customers/index.js';
import { SessionsService } from '../sessions/index.js';
import { TrackingService } from '../tracking/index.js';
import { AuthLimits } from './auth-limits.js';
import { AuthMailer } from './auth-mailer.js';
import { RegistrationInvitesHook } from './registration-invites.js';
import { AuthTokensService } from './auth-tokens.service.js';
import { AuthException, AuthErrorCode } from './auth.exception.js';
import {
  deviceCookieAfterSignIn,
  type DeviceCookie,
  isKnownDevice,
  readDeviceCookie,
} from './device-cookie.js';
import type { CaptchaVerifier } from './captcha.js';
import type { ClientContext } from './client-context.js';
import { LoginAttemptsRepository } from './login-attempts.repository.js';
import { PasswordChanges } from './password-changes.js';
import { PasswordHasher } from './password-hasher.js';
import { requiresTwoFactor } from './two-factor/two-factor-policy.js';
import { TwoFactorService } from './two-factor/two-factor.service.js';

/** What the controller must send: the response and the cookies to set. */
export interface AuthOutcome<T> {
  response: T;
  sessionToken?: string;
  /** A new value for the device cookie. */
  deviceCookie?: string;
  attemptToken?: string;
}

@Injectable()
export class AuthService {
  /** Verifying against this keeps unknown e-mails as slow as known ones. */
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly customers: CustomersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly attempts: LoginAttemptsRepository,
    private readonly twoFactor: TwoFactorService,
    private readonly tokens: AuthTokensService,
    private readonly mailer: AuthMailer,
    private readonly passwordChanges: PasswordChanges,
    private readonly tracking: TrackingService,
    private readonly limits: AuthLimits,
    @Inject(CAPTCHA_VERIFIER) private readonly captcha: CaptchaVerifier,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly invites: RegistrationInvitesHook,
  ) {}

  async login(dto: LoginRequest, client: ClientContext): Promise<AuthOutcome<LoginResponse>> {
    const email = normaliseEmail(dto.email);

    if (dto.tfa_token) {
      await this.limits.perAddress('login', client.ipAddress);
      const challenge = await this.twoFactor.consume(
        dto.tfa_token,
        'login',
        email,
        client.attemptToken,
      );
      const customer = challenge?.customerId
        ? await this.customers.findById(challenge.customerId)
        : null;
      if (!challenge || !customer) throw AuthException.notice(twoFactorMessages.tokenInvalid);
      // With JavaScript the dialog repeats the password; it must still be right.
      if (dto.password !== undefined && !(await this.passwordMatches(customer, dto.password))) {
        await this.attempts.recordFailure(customer.id, email, client.ipAddress);
        throw AuthException.wrongCredentials();
      }
      const secured =
        dto.password !== undefined
          ? isStrongPassword(dto.password)
          : (challenge.pending?.secured ?? false);
      return this.completeLogin(customer, secured, client);
    }

    await this.limits.perAddress('login', client.ipAddress);
    if (dto.password === undefined || dto.password === '') {
      throw AuthException.field('password', authMessages.passwordRequired);
    }
    const human = await this.captcha.verify(dto.recaptcha, 'login', client.ipAddress);
    const failuresSince = new Date(this.clock.now().getTime() - this.config.auth.lockWindowMs);
    const { customer, recentFailures } = await this.attempts.findCandidate(email, failuresSince);
    // Always hash, whatever happens next: no answer may be faster for an unknown address.
    const matches = await this.passwordMatches(customer, dto.password);
    // No lock: failures never refuse the right password (anyone could lock anyone out). After
    // repeated failures an unknown device must confirm with an e-mail code (requiresTwoFactor),
    // and a device the customer used before signs in as ever.
    if (!customer || !matches) {
      await this.attempts.recordFailure(customer?.id ?? null, email, client.ipAddress);
      throw AuthException.wrongCredentials();
    }

    const secured = isStrongPassword(dto.password);
    const device = readDeviceCookie(client.deviceCookie);
    const needsCode = requiresTwoFactor(
      {
        action: 'login',
        captchaPassed: human,
        twoFactorEnabled: customer.twoFactorEnabled,
        knownDevice: isKnownDevice(device, customer),
        recentFailures,
        recentRegistrationsFromAddress: 0,
      },
      this.config.auth.twoFactor,
    );
    if (needsCode) {
      const attemptToken = await this.twoFactor.open(
        'login',
        email,
        customer.id,
        { secured },
        client.attemptToken,
      );
      return { response: { customer_id: null, secured, tfa_required: true }, attemptToken };
    }
    if (recentFailures > 0) await this.attempts.clearFailures(customer.id);
    const sessionToken = await this.sessions.create(customer.id, {
      ...this.sessionMeta(client),
      passwordUpdateRequired: !secured,
    });
    return this.signedIn(customer, secured, sessionToken, device);
  }

  async register(
    dto: RegisterRequest,
    client: ClientContext,
  ): Promise<AuthOutcome<RegisterResponse>> {
    const hit = await this.limits.perAddress('register', client.ipAddress);
    const email = normaliseEmail(dto.email);

    let name = dto.name;
    let passwordHash: string;
    if (dto.tfa_token) {
      const challenge = await this.twoFactor.consume(
        dto.tfa_token,
        'register',
        email,
        client.attemptToken,
      );
      if (!challenge) throw AuthException.notice(twoFactorMessages.tokenInvalid);
      if (dto.password !== undefined) {
        this.assertNewPassword(dto.password);
        passwordHash = await this.hasher.hash(dto.password);
      } else if (challenge.pending?.passwordHash) {
        passwordHash = challenge.pending.passwordHash;
        name = challenge.pending.name ?? name;
      } else {
        throw AuthException.field('password', authMessages.passwordRequired);
      }
    } else {
      if (dto.password === undefined || dto.password === '') {
        throw AuthException.field('password', authMessages.passwordRequired);
      }
      this.assertNewPassword(dto.password);
      const human = await this.captcha.verify(dto.recaptcha, 'register', client.ipAddress);
      if (await this.customers.findByEmail(email))
        throw AuthException.field('email', authMessages.emailTaken);
      passwordHash = await this.hasher.hash(dto.password);
      const needsCode = requiresTwoFactor(
        {
          action: 'register',
          captchaPassed: human,
          twoFactorEnabled: false,
          knownDevice: false,
          recentFailures: 0,
          recentRegistrationsFromAddress: hit - 1,
        },
        this.config.auth.twoFactor,
      );
      if (needsCode) {
        const attemptToken = await this.twoFactor.open(
          'register',
          email,
          null,
          { name, passwordHash, ...(dto.redirect ? { redirect: dto.redirect } : {}) },
          client.attemptToken,
        );
        return { response: { customer_id: null, tfa_required: true }, attemptToken };
      }
    }

    // Signing up through a team invite link sent to this address proves the address (issue 30).
    const proven = await this.invites.provesEmail(dto.inviteToken, email);
    const customer = await this.customers.create({
      email,
      name,
      passwordHash,
      verifiedAt: proven ? this.clock.now() : null,
    });
    if (!customer) throw AuthException.field('email', authMessages.emailTaken);
    if (!proven) {
      const token = await this.tokens.issue(customer.id, 'verify-email');
      await this.mailer.verification(customer.email, customer.name, token);
    }
    // Only the invite's own address joins at sign-up: a forwarded link makes a plain account.
    if (proven) await this.invites.accept(customer.id, dto.inviteToken);
    await this.tracking.track(customer.id, 'SignUp', { method: 'email' });
    const sessionToken = await this.sessions.create(customer.id, {
      ...(client.userAgent ? { userAgent: client.userAgent } : {}),
      ...(client.ipAddress ? { ipAddress: client.ipAddress } : {}),
    });
    return { response: { customer_id: customer.id, tfa_required: false }, sessionToken };
  }

  /**
   * Recovery and confirmation requests do the same work whatever the address: they enqueue a job
   * that looks the account up later. So the answer, its status and its timing tell nothing.
   */
  async requestPasswordReset(email: string, client: ClientContext): Promise<{ message: string }> {
    await this.limits.perAddress('recovery', client.ipAddress);
    await this.jobs.add('auth.password-reset-requested', { email: normaliseEmail(email) });
    return { message: authMessages.recoverySent };
  }

  async requestVerificationByEmail(
    email: string,
    client: ClientContext,
  ): Promise<{ message: string }> {
    await this.limits.perAddress('recovery', client.ipAddress);
    await this.jobs.add('auth.verification-requested', { email: normaliseEmail(email) });
    return { message: authMessages.recoverySent };
  }

  /** The job behind a recovery request; an inbox past its share gets nothing (and nobody is told). */
  async sendPasswordReset(email: string): Promise<void> {
    const customer = await this.customers.findByEmail(email);
    if (!customer || !(await this.limits.mailAllowed(customer.email)).allowed) return;
    const token = await this.tokens.issue(customer.id, 'reset-password');
    await this.mailer.passwordReset(customer.email, token);
  }

  /** The job behind a confirmation request: only unverified accounts get a new link. */
  async sendVerification(email: string): Promise<void> {
    const customer = await this.customers.findByEmail(email);
    if (!customer || customer.verifiedAt) return;
    if (!(await this.limits.mailAllowed(customer.email)).allowed) return;
    const token = await this.tokens.issue(customer.id, 'verify-email');
    await this.mailer.verification(customer.email, customer.name, token);
  }

  /** Resend from the verify-email screen (signed in). */
  async resendVerification(
    customerId: string,
    client: ClientContext,
  ): Promise<{ message: string }> {
    await this.limits.perAddress('recovery', client.ipAddress);
    const customer = await this.customers.findById(customerId);
    if (customer && !customer.verifiedAt) {
      const mail = await this.limits.mailAllowed(customer.email);
      if (!mail.allowed) throw AuthException.tooManyRequests(mail.retryAfterMs);
      const token = await this.tokens.issue(customer.id, 'verify-email');
      await this.mailer.verification(customer.email, customer.name, token);
    }
    return { message: authMessages.verificationSent };
  }

  async verifyEmail(token: string): Promise<{ message: string; customer_id: string }> {
    // Mail scanners open links before people do: a used link of a verified address still says yes.
    const customerId =
      (await this.tokens.consume('verify-email', token)) ??
      (await this.tokens.usedByVerified(token));
    if (!customerId) {
      throw AuthException.notice(authMessages.verificationLinkInvalid, AuthErrorCode.TokenInvalid);
    }
    await this.customers.markVerified(customerId, this.clock.now());
    return { message: authMessages.emailVerified, customer_id: customerId };
  }

  /**
   * Whether a reset link still works, asked when the reset page opens, so a used or expired
   * link is reported before anyone types a new password. Uses nothing up. Like the reset
   * itself it is not rate-limited: a link holds 256 random bits, nothing to guess.
   */
  async checkResetLink(token: string): Promise<EmptyResponse> {
    if (!(await this.tokens.isLive('reset-password', token)))
      throw AuthException.notice(authMessages.resetLinkInvalid, AuthErrorCode.TokenInvalid);
    return {};
  }

  /** A new password from a reset link: old sessions end, a new one starts. */
  async resetPassword(
    token: string,
    password: string,
    client: ClientContext,
  ): Promise<AuthOutcome<{ message: string; customer_id: string }>> {
    const failing = failingPasswordRequirement(password);
    if (failing) throw AuthException.field('password', failing);
    const customerId = await this.tokens.consume('reset-password', token);
    const customer = customerId ? await this.customers.findById(customerId) : null;
    if (!customerId || !customer)
      throw AuthException.notice(authMessages.resetLinkInvalid, AuthErrorCode.TokenInvalid);
    const now = this.clock.now();
    const passwordHash = await this.hasher.hash(password);
    await this.customers.setPassword(customerId, passwordHash, now);
    await this.passwordChanges.changed(customer);
    // The link came by e-mail, so the address is proven too.
    await this.customers.markVerified(customerId, now);
    await this.sessions.revokeAllOf(customerId);
    await this.attempts.clearFailures(customerId);
    const sessionToken = await this.sessions.create(customerId, this.sessionMeta(client));
    // A new password forgets every device (marks are keyed by the hash) but this one, whose
    // visitor just proved the mailbox.
    const deviceCookie = deviceCookieAfterSignIn(readDeviceCookie(client.deviceCookie), {
      id: customerId,
      passwordHash,
    });
    return {
      response: { message: authMessages.passwordReset, customer_id: customerId },
      sessionToken,
      ...(deviceCookie ? { deviceCookie } : {}),
    };
  }

  /** A login that passed its two-factor code: its session starts now. */
  private async completeLogin(
    customer: CustomerEntity,
    secured: boolean,
    client: ClientContext,
  ): Promise<AuthOutcome<LoginResponse>> {
    const sessionToken = await this.sessions.create(customer.id, {
      ...this.sessionMeta(client),
      passwordUpdateRequired: !secured,
    });
    await this.attempts.clearFailures(customer.id);
    return this.signedIn(customer, secured, sessionToken, readDeviceCookie(client.deviceCookie));
  }

  /** The answer to a login that succeeded; the device now counts as known to the customer. */
  private signedIn(
    customer: CustomerEntity,
    secured: boolean,
    sessionToken: string,
    device: DeviceCookie | null,
  ): AuthOutcome<LoginResponse> {
    const deviceCookie = deviceCookieAfterSignIn(device, customer);
    return {
      response: {
        customer_id: customer.id,
        secured,
        tfa_required: false,
        verified: customer.verifiedAt !== null,
      },
      sessionToken,
      ...(deviceCookie ? { deviceCookie } : {}),
    };
  }

  private sessionMeta(client: ClientContext): { userAgent?: string; ipAddress?: string } {
    return {
      ...(client.userAgent ? { userAgent: client.userAgent } : {}),
      ...(client.ipAddress ? { ipAddress: client.ipAddress } : {}),
    };
  }

  private async passwordMatches(
    customer: CustomerEntity | null,
    password: string,
  ): Promise<boolean> {
    if (customer?.passwordHash) return this.hasher.verify(customer.passwordHash, password);
    this.dummyHash ??= this.hasher.hash('not a real password, only spends the same time');
    await this.hasher.verify(await this.dummyHash, password);
    return false;
  }

  private assertNewPassword(password: string): void {
    const failing = failingPasswordRequirement(password);
    if (failing) throw AuthException.field('password', failing);
    if (!isStrongPassword(password))
      throw AuthException.field('password', authMessages.passwordNotValid);
  }
}
