import { Inject, Injectable } from '@nestjs/common';
import { CommonException } from '../../common/errors/common.exception.js';
import type { RateLimiter } from '../../common/rate-limit/rate-limiter.js';
import { CONFIG, RATE_LIMITER } from '../../common/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { CustomersRepository } from '../customers/index.js';

export type UploadKind = 'avatar' | 'import';

/**
 * Uploads per customer (issue 28): each costs parsing work in the worker pool, refused or not,
 * so every attempt counts. An account whose address is not verified yet gets the tighter
 * RATE_LIMIT_UPLOAD_UNVERIFIED for each kind: such accounts cost nothing to make. Past the limit,
 * 429 with Retry-After, before any parsing work.
 */
@Injectable()
export class UploadLimits {
  constructor(
    private readonly customers: CustomersRepository,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async hit(customerId: string, kind: UploadKind): Promise<void> {
    const limits = this.config.uploads.rateLimits;
    const customer = await this.customers.findById(customerId);
    const verified = customer !== null && customer.verifiedAt !== null;
    const rule = verified
      ? limits[kind]
      : limits.unverified.limit < limits[kind].limit
        ? limits.unverified
        : limits[kind];
    const bucket = verified ? kind : `${kind}-unverified`;
    const hit = await this.limiter.hit(`upload:${bucket}:${customerId}`, rule.limit, rule.windowMs);
    if (!hit.allowed) throw CommonException.tooManyRequests(undefined, hit.retryAfterMs);
  }
}
