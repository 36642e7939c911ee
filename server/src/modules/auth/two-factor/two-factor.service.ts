import { randomInt, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  normaliseTwoFactorCode,
  TFA_CODE_TTL_MS,
  TFA_MAX_SENDS,
  TFA_MAX_WRONG_CODES,
  TFA_RESEND_SECONDS,
  twoFactorMessages,
  type TwoFactorAction,
  type TwoFactorTokenResponse,
} from '@animata/contracts';
import type { Clock } from '../../../common/clock.js';
import { hashToken, newToken } from '../../../common/ids.js';
import { CLOCK } from '../../../common/tokens.js';
import { normaliseEmail } from '../../customers/index.js';
import { AuthLimits } from '../auth-limits.js';
import { AuthMailer } from '../auth-mailer.js';
import { AuthException } from '../auth.exception.js';
import {
  TwoFactorRepository,
  type PendingIntent,
  type TwoFactorChallenge,
} from './two-factor.repository.js';

/** A challenge lives this long from the answer that asked for it. */
export const CHALLENGE_TTL_MS = 30 * 60 * 1000;

/**
 * E-mail two-factor: 6-digit codes, at most 3 sends a challenge with 60 s between them, single
 * use, valid 10 minutes, bound to the attempt (a cookie) they were sent for; five wrong codes end
 * the challenge. A verified challenge yields a token the retried request carries as tfa_token.
 */
@Injectable()
export class TwoFactorService {
  constructor(
    private readonly challenges: TwoFactorRepository,
    private readonly mailer: AuthMailer,
    private readonly limits: AuthLimits,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Opens a challenge for an answer of tfa_required; returns the attempt token for its cookie. */
  async open(
    action: TwoFactorAction,
    email: string,
    customerId: string | null,
    pending: PendingIntent | null,
    attemptToken: string | null,
  ): Promise<string> {
    const attempt = attemptToken && attemptToken.length <= 200 ? attemptToken : newToken();
    await this.challenges.open({
      action,
      email: normaliseEmail(email),
      customerId,
      attemptHash: hashToken(attempt),
      pending,
      expiresAt: new Date(this.clock.now().getTime() + CHALLENGE_TTL_MS),
    });
    return attempt;
  }

  async sendCode(
    action: TwoFactorAction,
    contact: string,
    attemptToken: string | null,
  ): Promise<TwoFactorTokenResponse> {
    const now = this.clock.now();
    const challenge = attemptToken
      ? await this.challenges.findOpen(hashToken(attemptToken), action, now)
      : null;
    if (!challenge || challenge.email !== normaliseEmail(contact)) {
      throw AuthException.notice(twoFactorMessages.tokenInvalid);
    }
    this.assertNotEnded(challenge);
    const challengeLeftMs = challenge.expiresAt.getTime() - now.getTime();
    if (challenge.sends >= TFA_MAX_SENDS)
      throw AuthException.tooManyRequests(challengeLeftMs, twoFactorMessages.resendLimit);
    const wait = this.secondsUntilResend(challenge, now);
    if (wait > 0)
      throw AuthException.tooManyRequests(wait * 1000, twoFactorMessages.resendIn(wait));
    const mail = await this.limits.mailAllowed(challenge.email);
    if (!mail.allowed) throw AuthException.tooManyRequests(mail.retryAfterMs);

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const sendToken = newToken();
    const codeExpiresAt = new Date(
      Math.min(now.getTime() + TFA_CODE_TTL_MS, challenge.expiresAt.getTime()),
    );
    const recorded = await this.challenges.recordSend(
      challenge.id,
      {
        sendTokenHash: hashToken(sendToken),
        codeHash: codeHash(challenge.id, code),
        codeExpiresAt,
        now,
      },
      { maxSends: TFA_MAX_SENDS, resendAfter: new Date(now.getTime() - TFA_RESEND_SECONDS * 1000) },
    );
    if (!recorded)
      throw AuthException.tooManyRequests(challengeLeftMs, twoFactorMessages.resendLimit);
    await this.mailer.twoFactorCode(challenge.email, code);
    return { token: sendToken, sends: challenge.sends + 1, resendInSeconds: TFA_RESEND_SECONDS };
  }

  async verifyCode(
    token: string,
    action: TwoFactorAction,
    rawCode: string,
    contact: string,
    attemptToken: string | null,
  ): Promise<TwoFactorTokenResponse> {
    const code = normaliseTwoFactorCode(rawCode);
    if (!code) throw AuthException.field('code', twoFactorMessages.codeFormat);
    const now = this.clock.now();
    const challenge = await this.challenges.findBySendToken(hashToken(token), now);
    if (
      !challenge ||
      !attemptToken ||
      challenge.action !== action ||
      challenge.email !== normaliseEmail(contact) ||
      challenge.attemptHash !== hashToken(attemptToken) ||
      !challenge.codeHash
    ) {
      throw AuthException.notice(twoFactorMessages.tokenInvalid);
    }
    this.assertNotEnded(challenge);
    if (!challenge.codeExpiresAt || challenge.codeExpiresAt <= now) {
      throw AuthException.field('code', twoFactorMessages.codeExpired);
    }
    // The attempt is counted before the comparison, so a burst of guesses cannot outrun the limit.
    const attempt = await this.challenges.reserveAttempt(challenge.id, TFA_MAX_WRONG_CODES);
    if (attempt === null) throw AuthException.notice(twoFactorMessages.challengeEnded);
    const expected = Buffer.from(challenge.codeHash, 'hex');
    const given = Buffer.from(codeHash(challenge.id, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      if (attempt >= TFA_MAX_WRONG_CODES)
        throw AuthException.notice(twoFactorMessages.challengeEnded);
      throw AuthException.field('code', twoFactorMessages.wrongCode);
    }
    const verifiedToken = newToken();
    const verified = await this.challenges.markVerified(
      challenge.id,
      challenge.codeHash,
      hashToken(verifiedToken),
      now,
      TFA_MAX_WRONG_CODES,
    );
    if (!verified) throw AuthException.notice(twoFactorMessages.tokenInvalid);
    return { token: verifiedToken };
  }

  /** The challenge a tfa_token proves, used once; null when it proves nothing here. */
  consume(
    tfaToken: string,
    action: TwoFactorAction,
    email: string,
    attemptToken: string | null,
  ): Promise<TwoFactorChallenge | null> {
    if (!attemptToken || tfaToken.length > 200) return Promise.resolve(null);
    const now = this.clock.now();
    return this.challenges.consumeVerified(
      hashToken(tfaToken),
      action,
      normaliseEmail(email),
      hashToken(attemptToken),
      new Date(now.getTime() - TFA_CODE_TTL_MS),
      now,
    );
  }

  private assertNotEnded(challenge: TwoFactorChallenge): void {
    if (challenge.wrongCodes >= TFA_MAX_WRONG_CODES) {
      throw AuthException.notice(twoFactorMessages.challengeEnded);
    }
  }

  private secondsUntilResend(challenge: TwoFactorChallenge, now: Date): number {
    if (!challenge.lastSentAt) return 0;
    const elapsed = now.getTime() - challenge.lastSentAt.getTime();
    return Math.max(0, Math.ceil((TFA_RESEND_SECONDS * 1000 - elapsed) / 1000));
  }
}

/** Codes are stored hashed with their challenge id, so a table leak does not reveal them. */
function codeHash(challengeId: string, code: string): string {
  return hashToken(`${challengeId}:${code}`);
}
