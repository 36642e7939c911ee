import { Inject, Injectable } from '@nestjs/common';
import { customerDefaults, planFeatures, type CustomerResponse } from '@animata/contracts';
import type { Clock } from '../../common/clock.js';
import { CommonException } from '../../common/errors/common.exception.js';
import { CLOCK, CONFIG } from '../../common/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { CustomerAppFlagsReader } from '../apps/index.js';
import { PlanAccess } from '../billing/index.js';
import { CouponsRepository } from '../coupons/index.js';
import { CustomersRepository } from '../customers/index.js';
import { ProjectsRepository } from '../projects/index.js';
import type { AuthenticatedCustomer } from '../sessions/index.js';
import { ShareInvitesService } from '../sharing/index.js';
import { TeamsService } from '../teams/index.js';
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
 * today is read, the plan through billing's PlanAccess, the app flags through the apps module,
 * the team flags (PlanAccess.teamsOf) and the pending invites through the teams module and the
 * sharing module (share invites).
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
    private readonly plans: PlanAccess,
    private readonly appFlags: CustomerAppFlagsReader,
    private readonly teams: TeamsService,
    private readonly shareInvites: ShareInvitesService,
  ) {}

  async of(auth: AuthenticatedCustomer): Promise<CustomerResponse> {
    const [customer, defaultCoupon, usage, avatar, plan, apps, teams] = await Promise.all([
      this.customers.findById(auth.customerId),
      this.coupons.findSiteCoupon(this.clock.now()),
      // The counters the trigger keeps: the demo folder's projects count toward neither.
      this.projects.usageOf(auth.customerId),
      this.avatars.currentOf(auth.customerId),
      this.plans.of(auth.customerId),
      this.appFlags.of(auth.customerId),
      this.plans.teamsOf(auth.customerId),
    ]);
    // Team access (issue 30): the own team plan, or a team of theirs whose plan is active.
    const teamPlanActive = teams.some((t) => t.active);
    const team = (plan.isPremium && plan.accessLevel === 3) || teamPlanActive;
    const features = teamPlanActive ? planFeatures(3) : plan.features;
    const created = usage.projectsCount;
    if (!customer) throw CommonException.unauthenticated();
    // Invites to the address, once it is verified (issue 30): an unverified account may not own it.
    // Team invites first, then invites to projects and folders (issue 31), each oldest first.
    const invites = customer.verifiedAt
      ? (
          await Promise.all([
            this.teams.invitesFor(customer.email),
            this.shareInvites.invitesFor(customer.email),
          ])
        ).flat()
      : [];
    return {
      customer: {
        ...customerDefaults,
        invites,
        onboarding: { projects: customer.onboardingProjects },
        subscription: plan.subscription,
        id: customer.id,
        email: customer.email,
        name: customer.name,
        hasPassword: customer.passwordHash !== null,
        verified: customer.verifiedAt !== null,
        unsubscribed: customer.newsletterUnsubscribed,
        billing: {
          name: customer.billingName,
          details: customer.billingDetails,
          include: customer.billingInclude,
        },
        defaultCoupon,
        projects: { limits: { created } },
        avatar,
        isAdmin: apps.isAdmin,
        hasOtherApps: apps.hasOtherApps,
        // The plan (billing's PlanAccess decides premium, expired and the limits).
        isPremium: plan.isPremium,
        hasProAccess: (plan.isPremium && plan.accessLevel >= 2) || teamPlanActive,
        isAnnual: plan.isAnnual,
        isExpired: plan.isExpired,
        is3DSPending: plan.is3DSPending,
        isFree: !plan.isPremium && !teamPlanActive,
        isTeam: team,
        hasTeamAccess: team,
        partOfTeam: teams.length > 0,
        teamSubscription: { teamPlanActive: teamPlanActive || team },
        storage: { used: megabytes(usage.storageBytes), limit: features.storageMb },
        files: { used: created, limit: features.fileSlots },
      },
      links: this.config.links,
      analytics: this.config.analytics,
    };
  }
}
