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
import { CatalogService, findPlan, type CatalogEntries } from '../catalog/catalog.service.js';
import {
  SubscriptionsRepository,
  type PendingPaymentRecord,
  type SubscriptionRecord,
} from '../subscriptions/subscriptions.repository.js';
import {
  isPremiumState,
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
/** The title, level, period and price of a plan with its extra seats, from the catalog's rows. */
function planInfoFrom(
  catalog: CatalogEntries,
  planId: string,
  extraSlots: number,
): PlanInfo | null {
  const found = findPlan(catalog, planId);
  if (!found) return null;
  const { plan, product } = found;
  if (!isProductName(plan.product) || !isPayablePeriod(plan.period)) return null;
  const seats = plan.seatsPlanId ? findPlan(catalog, plan.seatsPlanId) : null;
  const seatCents = seats ? seats.plan.monthlyPriceCents * seats.plan.months * extraSlots : 0;
  return {
    title: product.title,
    product: plan.product,
    accessLevel: ACCESS_LEVELS[plan.product],
    period: plan.period,
    months: plan.months,
    periodCents: plan.monthlyPriceCents * plan.months + seatCents,
  };
}

@Injectable()
export class PlanAccess {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly catalog: CatalogService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async featuresFor(customerId: string): Promise<PlanFeatures> {
    return (await this.of(customerId)).features;
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
    const catalog = row || pendingPayment ? await this.catalog.entries() : null;
    const plan = row && catalog ? planInfoFrom(catalog, row.planId, row.extraSlots) : null;
    const pendingPlan =
      pendingPayment && catalog
        ? planInfoFrom(catalog, pendingPayment.planId, pendingPayment.extraSlots)
        : null;
    const state = subscriptionState(row, now);
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
