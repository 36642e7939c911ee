import { Inject, Injectable } from '@nestjs/common';
import { customerDefaults, FREE_LIMITS, type CustomerResponse } from '@animata/contracts';
import type { DataSource } from 'typeorm';
import type { Clock } from '../../common/clock.js';
import { CommonException } from '../../common/errors/common.exception.js';
import { CLOCK, CONFIG, DATA_SOURCE } from '../../common/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { CouponsRepository } from '../coupons/index.js';
import { CustomersRepository } from '../customers/index.js';
import { ProjectEntity } from '../projects/index.js';
import type { AuthenticatedCustomer } from '../sessions/index.js';
import { AvatarService } from './avatar/avatar.service.js';

/**
 * The customer object of account-and-auth §3, one call for the whole account area. What exists
 * today is read; plans, teams and apps answer with customerDefaults until their modules land.
 */
@Injectable()
export class CustomerService {
  constructor(
    private readonly customers: CustomersRepository,
    private readonly coupons: CouponsRepository,
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly avatars: AvatarService,
  ) {}

  async of(auth: AuthenticatedCustomer): Promise<CustomerResponse> {
    const [customer, defaultCoupon, created, avatar] = await Promise.all([
      this.customers.findById(auth.customerId),
      this.coupons.findSiteCoupon(this.clock.now()),
      // The projects the customer made themselves: the demo folder's do not count (§3 limits).
      this.dataSource
        .getRepository(ProjectEntity)
        .countBy({ ownerId: auth.customerId, isDemo: false }),
      this.avatars.currentOf(auth.customerId),
    ]);
    if (!customer) throw CommonException.unauthenticated();
    return {
      customer: {
        ...customerDefaults,
        teamSubscription: { ...customerDefaults.teamSubscription },
        invites: [],
        onboarding: { ...customerDefaults.onboarding },
        subscription: { ...customerDefaults.subscription },
        id: customer.id,
        email: customer.email,
        name: customer.name,
        hasPassword: customer.passwordHash !== null,
        verified: customer.verifiedAt !== null,
        unsubscribed: customer.newsletterUnsubscribed,
        defaultCoupon,
        projects: { limits: { created } },
        avatar,
        // Until the projects module measures storage (issue 17).
        storage: { used: 0, limit: FREE_LIMITS.storageMb },
        files: { used: created, limit: FREE_LIMITS.fileSlots },
      },
      links: this.config.links,
    };
  }
}
