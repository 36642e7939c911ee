import { Inject, Injectable } from '@nestjs/common';
import { addressKey } from '../../common/rate-limit/address-key.js';
import type { RateLimiter } from '../../common/rate-limit/rate-limiter.js';
import { CONFIG, RATE_LIMITER } from '../../common/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { AuthException } from './auth.exception.js';

type AddressRule = 'login' | 'register' | 'recovery' | 'twoFactor' | 'twoFactorCode';

/** Every rate limit of sign-in, in one place: per client address, and per mail recipient. */
@Injectable()
export class AuthLimits {
  constructor(
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Counts a request of this kind from the address (IPv6 by its /64); past the rule, 429 with
   * Retry-After and a text naming the real wait. Returns the hits in the window, this one included.
   */
  async perAddress(rule: AddressRule, ipAddress: string | null): Promise<number> {
    const { limit, windowMs } = this.config.auth.rateLimits[rule];
    const hit = await this.limiter.hit(`${rule}:${addressKey(ipAddress)}`, limit, windowMs);
    if (!hit.allowed) throw AuthException.tooManyRequests(hit.retryAfterMs);
    return hit.hits;
  }

  /**
   * Counts a sign-in mail to this address, whoever asked for it (rotating client addresses must
   * not flood one inbox). False once the recipient has had its share for the window.
   */
  async mailAllowed(email: string): Promise<{ allowed: boolean; retryAfterMs: number }> {
    const { limit, windowMs } = this.config.auth.rateLimits.mailRecipient;
    const hit = await this.limiter.hit(`mail:${email}`, limit, windowMs);
    return { allowed: hit.allowed, retryAfterMs: hit.retryAfterMs };
  }

  /** Like mailAllowed, but past the share answers 429 with Retry-After (the asker is signed in). */
  async requireMailAllowed(email: string): Promise<void> {
    const mail = await this.mailAllowed(email);
    if (!mail.allowed) throw AuthException.tooManyRequests(mail.retryAfterMs);
  }

  /**
   * Counts an e-mail change request of the customer (by the recovery rule): a stolen session
   * must not mail links to address after address. Past it, 429 with Retry-After.
   */
  async perCustomer(customerId: string): Promise<void> {
    const { limit, windowMs } = this.config.auth.rateLimits.recovery;
    const hit = await this.limiter.hit(`email-change:${customerId}`, limit, windowMs);
    if (!hit.allowed) throw AuthException.tooManyRequests(hit.retryAfterMs);
  }
}
