import { projectMessages } from '@animata/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommonException } from '../../common/errors/common.exception.js';
import type {
  RateLimiter,
  RateLimitPeek,
  RateLimitReservation,
  RateLimitReserve,
  RateLimitRule,
} from '../../common/rate-limit/rate-limiter.js';
import { CONFIG, RATE_LIMITER } from '../../common/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { CustomersRepository } from '../customers/index.js';

/**
 * Uploads per customer. An account whose address is not verified yet gets the tighter
 * RATE_LIMIT_UPLOAD_UNVERIFIED, in buckets of its own: such accounts cost nothing to make. Past a
 * limit, 429 with Retry-After, before any parsing work.
 *
 * - Avatars (issue 28): every attempt counts, refused or not.
 * - Imports (issue 29): only accepted files use up the limits, a minute's burst and a larger
 *   hourly one, so a dropped folder of images goes through and a refused file costs the customer
 *   nothing. Refused files count against a budget of their own: each still costs parsing work.
 */
@Injectable()
export class UploadLimits {
  private readonly logger = new Logger(UploadLimits.name);

  constructor(
    private readonly customers: CustomersRepository,
    @Inject(RATE_LIMITER)
    private readonly limiter: RateLimiter & RateLimitPeek & RateLimitReserve,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts an avatar upload, refused or not. */
  async hitAvatar(customerId: string): Promise<void> {
    const limits = this.config.uploads.rateLimits;
    const { verified, bucket } = await this.account(customerId, 'avatar');
    const rule = verified ? limits.avatar : tighter(limits.avatar, limits.unverified);
    const hit = await this.limiter.hit(`upload:${bucket}:${customerId}`, rule.limit, rule.windowMs);
    if (!hit.allowed) throw CommonException.tooManyRequests(undefined, hit.retryAfterMs);
  }

  /**
   * Runs one import within the customer's limits. Its place in the burst and the hourly limit is
   * reserved first (parallel imports never pass a limit together) and given back when `attempt`
   * throws, which also counts the refusal in the refused budget.
   */
  async import<T>(customerId: string, attempt: () => Promise<T>): Promise<T> {
    const limits = this.config.uploads.rateLimits;
    const { verified, bucket } = await this.account(customerId, 'import');
    const hourly = verified ? limits.import : tighter(limits.import, limits.unverified);
    const refused = verified
      ? limits.importRefused
      : tighter(limits.importRefused, limits.unverified);
    const refusedKey = `upload:${bucket}-refused:${customerId}`;

    const refusals = await this.limiter.peek(refusedKey, refused.limit, refused.windowMs);
    if (!refusals.allowed) throw tooMany(refusals.retryAfterMs);
    const reservations: RateLimitReservation[] = [];
    // Best effort: a limiter that fails here must not hide the answer the customer is owed.
    const releaseAll = async () => {
      for (const outcome of await Promise.allSettled(reservations.map((r) => r.release())))
        if (outcome.status === 'rejected')
          this.logger.warn(`An import's rate-limit place was not given back: ${outcome.reason}`);
    };
    try {
      for (const [key, rule] of [
        [`upload:import-burst:${customerId}`, limits.importBurst],
        [`upload:${bucket}:${customerId}`, hourly],
      ] as const) {
        const reservation = await this.limiter.reserve(key, rule.limit, rule.windowMs);
        reservations.push(reservation);
        if (!reservation.allowed) throw tooMany(reservation.retryAfterMs);
      }
    } catch (error) {
      await releaseAll();
      throw error;
    }
    try {
      return await attempt();
    } catch (error) {
      await releaseAll();
      await this.limiter
        .hit(refusedKey, refused.limit, refused.windowMs)
        .catch((failure: unknown) =>
          this.logger.warn(`A refused import was not counted: ${String(failure)}`),
        );
      throw error;
    }
  }

  private async account(customerId: string, kind: 'avatar' | 'import') {
    const customer = await this.customers.findById(customerId);
    const verified = customer !== null && customer.verifiedAt !== null;
    return { verified, bucket: verified ? kind : `${kind}-unverified` };
  }
}

/** The unverified rule where it is tighter than the kind's own. */
function tighter(rule: RateLimitRule, unverified: RateLimitRule): RateLimitRule {
  return unverified.limit < rule.limit ? unverified : rule;
}

function tooMany(retryAfterMs: number): CommonException {
  return CommonException.tooManyRequests(
    projectMessages.importsTooMany(retryAfterMs),
    retryAfterMs,
  );
}
