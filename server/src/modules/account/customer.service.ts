import { Inject, Injectable } from '@nestjs/common';
import { customerDefaults, FREE_LIMITS, type CustomerResponse } from '@animata/contracts';
import type { Clock } from '../../common/clock.js';
import { CommonException } from '../../common/errors/common.exception.js';
import { CLOCK, CONFIG } from '../../common/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { CouponsRepository } from '../coupons/index.js';
import { CustomersRepository } from '../customers/index.js';
import { ProjectsRepository } from '../projects/index.js';
import type { AuthenticatedCustomer } from '../sessions/index.js';
import { AvatarService } from './avatar/avatar.service.js';

/**
 * Bytes in MB (§3 storage), to the kilobyte: §9 shows sizes below 1 MB in KB, so one decimal of
 * a MB would show a few small projects as '0 KB'.
 */
export function megabytes(bytes: number): number {
  return Math.round(bytes / 1024) / 1024;
}

/**
 * The customer object of account-and-auth §3, one call for the whole account area. What exists
 * today is read; plans, teams and apps answer with customerDefaults until their modules land.
 */
@Injectable()
export class CustomerService {
  constructor(
    private readonly customers: CustomersRepository,
    private readonly coupons: CouponsRepository,
    private readonly projects: ProjectsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly avatars: AvatarService,
  ) {}

  async of(auth: AuthenticatedCustomer): Promise<CustomerResponse> {
    const [customer, defaultCoupon, usage, avatar] = await Promise.all([
      this.customers.findById(auth.customerId),
      this.coupons.findSiteCoupon(this.clock.now()),
      // The counters the trigger keeps: the demo folder's projects count toward neither.
      this.projects.usageOf(auth.customerId),
      this.avatars.currentOf(auth.customerId),
    ]);
    const created = usage.projectsCount;
    if (!customer) throw CommonException.unauthenticated();
    return {
      customer: {
        ...customerDefaults,
        teamSubscription: { ...customerDefaults.teamSubscription },
        invites: [],
        onboarding: { projects: customer.onboardingProjects },
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
        // Every customer is on the free plan until plans come (issue 18).
        isFree: true,
        isTeam: false,
        hasTeamAccess: false,
        storage: { used: megabytes(usage.storageBytes), limit: FREE_LIMITS.storageMb },
        files: { used: created, limit: FREE_LIMITS.fileSlots },
      },
      links: this.config.links,
    };
  }
}
