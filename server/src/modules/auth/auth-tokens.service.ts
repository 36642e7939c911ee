import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '../../common/clock.js';
import { hashToken, newToken } from '../../common/ids.js';
import { CLOCK } from '../../common/tokens.js';
import { AuthTokensRepository, type AuthTokenPurpose } from './auth-tokens.repository.js';

export const TOKEN_TTL_MS: Record<AuthTokenPurpose, number> = {
  'verify-email': 48 * 60 * 60 * 1000,
  'reset-password': 60 * 60 * 1000,
};

/** E-mail verification and reset tokens: random, stored hashed, single use, expiring. */
@Injectable()
export class AuthTokensService {
  constructor(
    private readonly tokens: AuthTokensRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async issue(customerId: string, purpose: AuthTokenPurpose): Promise<string> {
    const token = newToken();
    const expiresAt = new Date(this.clock.now().getTime() + TOKEN_TTL_MS[purpose]);
    await this.tokens.insert(customerId, purpose, hashToken(token), expiresAt);
    return token;
  }

  /** The customer the token belongs to, marking it used; null when unknown, used or expired. */
  consume(purpose: AuthTokenPurpose, token: string): Promise<string | null> {
    if (!token || token.length > 200) return Promise.resolve(null);
    return this.tokens.consume(purpose, hashToken(token), this.clock.now());
  }

  /** Whether the token would still work (unused, unexpired, its customer there), unused. */
  isLive(purpose: AuthTokenPurpose, token: string): Promise<boolean> {
    if (!token || token.length > 200) return Promise.resolve(false);
    return this.tokens.isLive(purpose, hashToken(token), this.clock.now());
  }

  /** The customer of a used verification link whose address is verified by now. */
  usedByVerified(token: string): Promise<string | null> {
    if (!token || token.length > 200) return Promise.resolve(null);
    return this.tokens.findUsedOfVerified(hashToken(token));
  }

  revokeAll(customerId: string, purpose: AuthTokenPurpose): Promise<void> {
    return this.tokens.revokeAll(customerId, purpose, this.clock.now());
  }
}
