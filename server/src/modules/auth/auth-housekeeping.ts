import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '../../common/clock.js';
import { CLOCK } from '../../common/tokens.js';
import { AuthTokensRepository } from './auth-tokens.repository.js';
import { LoginAttemptsRepository } from './login-attempts.repository.js';
import { TwoFactorRepository } from './two-factor/two-factor.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sign-in rows past their time (links, challenges, old failures): the hourly maintenance job. */
@Injectable()
export class AuthHousekeeping {
  constructor(
    private readonly tokens: AuthTokensRepository,
    private readonly attempts: LoginAttemptsRepository,
    private readonly challenges: TwoFactorRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async cleanup(): Promise<void> {
    const now = this.clock.now();
    await this.tokens.deleteExpired(now);
    await this.challenges.deleteExpired(now);
    // Failures older than a month no longer count for locks or the two-factor policy.
    await this.attempts.deleteFailuresBefore(new Date(now.getTime() - 30 * DAY_MS));
  }
}
