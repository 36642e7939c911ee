import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '../../common/clock.js';
import { CLOCK, CONFIG } from '../../common/tokens.js';
import type { AppConfig } from '../../config/config.js';
import type { CustomerEntity } from '../customers/index.js';
import { AuthLimits } from './auth-limits.js';
import { AuthException } from './auth.exception.js';
import { LoginAttemptsRepository } from './login-attempts.repository.js';
import { PasswordHasher } from './password-hasher.js';

/**
 * Checks the password of a signed-in customer (changing the password, later the e-mail), counted
 * and limited like a login: per address by the login rate limit, per account by the failures of
 * the last AUTH_LOCK_MINUTES. Past AUTH_LOCK_THRESHOLD failures it answers 429 without hashing;
 * a wrong password counts as a failed login too (so it also asks unknown devices for a code).
 */
@Injectable()
export class PasswordCheck {
  constructor(
    private readonly hasher: PasswordHasher,
    private readonly attempts: LoginAttemptsRepository,
    private readonly limits: AuthLimits,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async matches(
    customer: Pick<CustomerEntity, 'id' | 'email' | 'passwordHash'>,
    password: string,
    ipAddress: string | null,
  ): Promise<boolean> {
    await this.limits.perAddress('login', ipAddress);
    const since = new Date(this.clock.now().getTime() - this.config.auth.lockWindowMs);
    const failures = await this.attempts.recentFailures(customer.id, since);
    if (failures >= this.config.auth.lockThreshold) {
      throw AuthException.tooManyRequests(this.config.auth.lockWindowMs);
    }
    if (customer.passwordHash && (await this.hasher.verify(customer.passwordHash, password))) {
      return true;
    }
    await this.attempts.recordFailure(customer.id, customer.email, ipAddress);
    return false;
  }
}
