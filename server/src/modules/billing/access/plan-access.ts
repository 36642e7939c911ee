import { Inject, Injectable } from '@nestjs/common';
import {
  isPayablePeriod,
  isProductName,
  planFeatures,
  ACCESS_LEVELS,
  PENDING_PAYMENT_TTL_MS,
  type AccessLevel,
  type PlanFeatures,
  type SubscriptionState,
  type SubscriptionView,
} from '@animata/contracts';
import type { Clock } from '../../../common/clock.js';
import { CLOCK } from '../../../common/tokens.js';
import type { CouponRecord } from '../catalog/catalog.repository.js';
import { CatalogService, findPlan, type CatalogEntries } from '../catalog/catalog.service.js';
import { cyclePrice } from '../catalog/pricing.js';
import {
  SubscriptionsRepository,
  type PendingPaymentRecord,
  type SubscriptionRecord,
} from '../subscriptions/subscriptions.repository.js';
import {
  hasScheduledChange,
  isPremiumState,
  scheduledPlanOf,
  subscriptionState,
  subscriptionView,
  type PlanInfo,
} from './subscription-rules.js';

/** What a customer's plan gives them now: the one place features are gated from. */
export interface PlanAccessInfo {
  state: SubscriptionState;
  /** The level whose features apply: the plan's while premium, else 0. */
  accessLevel: AccessLevel;
  features: PlanFeatures;
  isPremium: boolean;
  isAnnual: boolean;
  isExpired: boolean;
  is3DSPending: boolean;
  subscription: SubscriptionView;
  row: SubscriptionRecord | null;
  plan: PlanInfo | null;
  pendingPayment: PendingPaymentRecord | null;
}

/**
 * The customer's plan and what it allows (billing-teams-apps §1, §4). Sharing, team seats,
 * render and storage limits read `featuresFor` (later issues too); the customer object reads
 * `of`.
 */
/**
 * The title, level, period and price of a plan with its extra seats, from the catalog's rows;
 * with the coupon its first cycle was bought with, what that cycle cost too.
 */
function planInfoFrom(
  catalog: CatalogEntries,
  planId: string,
  extraSlots: number,
  coupon: CouponRecord | null = null,
): PlanInfo | null {
  const found = findPlan(catalog, planId);
  if (!found) return null;
  const { plan, product } = found;
  if (!isProductName(plan.product) || !isPayablePeriod(plan.period)) return null;
  const seats = plan.seatsPlanId ? findPlan(catalog, plan.seatsPlanId) : null;
  const seatCents = seats ? seats.plan.monthlyPriceCents * seats.plan.months * extraSlots : 0;
  const price = cyclePrice(plan, coupon);
  return {
    title: product.title,
    product: plan.product,
    accessLevel: ACCESS_LEVELS[plan.product],
    period: plan.period,
    months: plan.months,
    periodCents: price.originalTotalCents + seatCents,
    paidCents: price.totalCents + seatCents,
  };
}

/** A team the customer belongs to, and whether its plan is active (issue 30). */
export interface TeamPlanAccess {
  teamId: string;
  role: string;
  /** The team plan is paid and in a premium state (active, canceled before its end, past due). */
  active: boolean;
  state: SubscriptionState;
}

@Injectable()
export class PlanAccess {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly catalog: CatalogService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * What the customer may do: their own plan's features, or the team plan's (level 3) while a
   * team they belong to has an active plan (issue 30: team members get the team's features).
   */
  async featuresFor(customerId: string): Promise<PlanFeatures> {
    return planFeatures(await this.effectiveLevelOf(customerId));
  }

  /** The access level whose features apply: the own plan's, or 3 through an active team. */
  async effectiveLevelOf(customerId: string): Promise<AccessLevel> {
    const [own, teams] = await Promise.all([this.of(customerId), this.teamsOf(customerId)]);
    return teams.some((team) => team.active) ? 3 : own.accessLevel;
  }

  /** The teams the customer belongs to, each with whether its plan is active now. */
  async teamsOf(customerId: string): Promise<TeamPlanAccess[]> {
    const rows = await this.subscriptions.teamSubscriptionsOf(customerId);
    if (rows.length === 0) return [];
    const catalog = await this.catalog.entries();
    const now = this.clock.now();
    return rows.map(({ teamId, role, subscription }) => {
      const state = subscriptionState(subscription, now);
      const plan = findPlan(catalog, subscription.planId);
      return {
        teamId,
        role,
        state,
        active: isPremiumState(state) && plan?.plan.product === 'team',
      };
    });
  }

  async planInfo(planId: string, extraSlots: number): Promise<PlanInfo | null> {
    return planInfoFrom(await this.catalog.entries(), planId, extraSlots);
  }

  async of(customerId: string): Promise<PlanAccessInfo> {
    const now = this.clock.now();
    const [row, pendingPayment] = await Promise.all([
      this.subscriptions.findByCustomer(customerId),
      this.subscriptions.openPendingPayment(
        customerId,
        new Date(now.getTime() - PENDING_PAYMENT_TTL_MS),
      ),
    ]);
    // One read of the catalog for both plans, and none for a customer without either.
    const [catalog, coupon] = await Promise.all([
      row || pendingPayment ? this.catalog.entries() : null,
      // The coupon the period was bought with (the row keeps it while it applies, §9).
      row?.couponCode ? this.catalog.couponByCode(row.couponCode) : null,
    ]);
    const plan = row && catalog ? planInfoFrom(catalog, row.planId, row.extraSlots, coupon) : null;
    const pendingPlan =
      pendingPayment && catalog
        ? planInfoFrom(catalog, pendingPayment.planId, pendingPayment.extraSlots)
        : null;
    const state = subscriptionState(row, now);
    const next = row && hasScheduledChange(row, state) ? scheduledPlanOf(row) : null;
    const scheduled = next && catalog ? planInfoFrom(catalog, next.planId, next.extraSlots) : null;
    const premium = isPremiumState(state) && plan !== null;
    const accessLevel: AccessLevel = premium ? plan.accessLevel : 0;
    const subscription = subscriptionView({
      row,
      plan,
      pending:
        pendingPayment && pendingPlan
          ? {
              plan: pendingPlan,
              payment: {
                id: pendingPayment.paymentIntentId,
                clientSecret: pendingPayment.clientSecret,
                gateway: pendingPayment.gateway === 'stripe' ? 'stripe' : 'sandbox',
                createdAt: pendingPayment.createdAt.toISOString(),
              },
            }
          : null,
      scheduled,
      now,
    });
    return {
      state,
      accessLevel,
      features: planFeatures(accessLevel),
      isPremium: premium,
      isAnnual: premium && plan.months === 12,
      isExpired: state === 'expired',
      is3DSPending: pendingPayment !== null,
      subscription,
      row,
      plan,
      pendingPayment,
    };
  }
}
