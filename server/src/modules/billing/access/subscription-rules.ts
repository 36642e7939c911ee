import {
  freeSubscription,
  type AccessLevel,
  type PayablePeriod,
  type PendingPayment,
  type ProductName,
  type SubscriptionState,
  type SubscriptionView,
} from '@animata/contracts';
import type { SubscriptionRecord } from '../subscriptions/subscriptions.repository.js';

/**
 * The state of §4 a subscription row is in at `now` (pure; the one place that decides it).
 * - none, or one never paid (incomplete: waiting for 3-D Secure): free;
 * - canceled, or renewal canceled: canceled until the period end, then expired;
 * - past due: past due while the gateway still retries (attempts below the limit), then expired;
 * - expired: expired.
 */
export function subscriptionState(
  row: Pick<
    SubscriptionRecord,
    'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd' | 'attemptCount' | 'attemptLimit'
  > | null,
  now: Date,
): SubscriptionState {
  if (row === null) return 'free';
  const ended = row.currentPeriodEnd !== null && row.currentPeriodEnd.getTime() <= now.getTime();
  switch (row.status) {
    case 'incomplete':
      return 'free';
    case 'expired':
      return 'expired';
    case 'canceled':
      return ended || row.currentPeriodEnd === null ? 'expired' : 'canceled';
    case 'past_due':
      return row.attemptCount >= row.attemptLimit ? 'expired' : 'past_due';
    case 'active':
      if (row.cancelAtPeriodEnd) return ended ? 'expired' : 'canceled';
      return 'active';
  }
}

/**
 * Whether the plan's features apply: active, canceled before its end, and past due while the
 * gateway retries (decision: a past-due customer keeps full access until the attempt limit).
 */
export function isPremiumState(state: SubscriptionState): boolean {
  return state === 'active' || state === 'canceled' || state === 'past_due';
}

/** A paid plan as the view needs it. */
export interface PlanInfo {
  title: string;
  product: ProductName;
  accessLevel: AccessLevel;
  period: PayablePeriod;
  months: number;
  /** Cents per billing period, extra seats included. */
  periodCents: number;
  /**
   * Cents the period cost when a coupon took something off it (the first cycle, §9), extra
   * seats included; periodCents without one.
   */
  paidCents?: number;
}

/**
 * Whether the row holds a change waiting for the period end (a lower plan, a shorter period,
 * fewer seats) that still comes: only a plan that renews has a next period to change.
 */
export function hasScheduledChange(
  row: Pick<SubscriptionRecord, 'planId' | 'extraSlots' | 'scheduledPlanId' | 'nextCycleSlots'>,
  state: SubscriptionState,
): boolean {
  if (state !== 'active' && state !== 'past_due') return false;
  const planChanges = row.scheduledPlanId !== null && row.scheduledPlanId !== row.planId;
  const seatsChange = row.nextCycleSlots !== null && row.nextCycleSlots !== row.extraSlots;
  return planChanges || seatsChange;
}

/** The plan id and seats a scheduled change brings (see hasScheduledChange). */
export function scheduledPlanOf(
  row: Pick<SubscriptionRecord, 'planId' | 'extraSlots' | 'scheduledPlanId' | 'nextCycleSlots'>,
): { planId: string; extraSlots: number } {
  return {
    planId: row.scheduledPlanId ?? row.planId,
    extraSlots: row.nextCycleSlots ?? row.extraSlots,
  };
}

/**
 * §3 Subscription for the customer object (pure). `pending` is what waits: the payment waiting
 * for 3-D Secure first, else the change scheduled for the period end (`scheduled`, the plan
 * scheduledPlanOf names).
 */
export function subscriptionView(input: {
  row: SubscriptionRecord | null;
  plan: PlanInfo | null;
  pending: { payment: PendingPayment; plan: PlanInfo } | null;
  scheduled?: PlanInfo | null;
  now: Date;
}): SubscriptionView {
  const { row, plan, pending, now } = input;
  const state = subscriptionState(row, now);
  const scheduled =
    input.scheduled && row?.currentPeriodEnd && hasScheduledChange(row, state)
      ? { plan: input.scheduled, startsAt: row.currentPeriodEnd.toISOString() }
      : null;
  const pendingView = pending
    ? {
        planName: pending.plan.title,
        payment: pending.payment,
        plan: pending.plan.period,
        product: pending.plan.product,
        startsAt: null,
        planPrice: pending.plan.periodCents / 100,
      }
    : scheduled
      ? {
          planName: scheduled.plan.title,
          payment: null,
          plan: scheduled.plan.period,
          product: scheduled.plan.product,
          startsAt: scheduled.startsAt,
          planPrice: scheduled.plan.periodCents / 100,
        }
      : null;
  const card =
    row?.paymentMethod === 'card' && row.cardBrand && row.cardLast4
      ? { brand: row.cardBrand, last4: row.cardLast4 }
      : null;
  const paypal =
    row?.paymentMethod === 'paypal' && row.paypalEmail ? { email: row.paypalEmail } : null;
  const paymentMethod = card ? ('card' as const) : paypal ? ('paypal' as const) : null;
  const slots = {
    included: freeSubscription.slots.included,
    extra: row ? row.extraSlots : 0,
    nextCycle: row ? (row.nextCycleSlots ?? row.extraSlots) : 0,
  };
  if (row === null || plan === null || state === 'free') {
    return {
      ...freeSubscription,
      paymentMethod,
      card,
      paypal,
      pending: pendingView,
      slots,
    };
  }
  const premium = isPremiumState(state);
  return {
    state,
    paymentMethod,
    card,
    paypal,
    isCanceled: state === 'canceled' || state === 'expired',
    isActive: state === 'active' || state === 'past_due',
    isFree: !premium,
    endDate: row.currentPeriodEnd ? row.currentPeriodEnd.toISOString() : null,
    planTitle: plan.title,
    planPrice: (plan.paidCents ?? plan.periodCents) / 100,
    renewalPrice: (scheduled?.plan.periodCents ?? plan.periodCents) / 100,
    plan: plan.period,
    product: plan.product,
    accessLevel: premium ? plan.accessLevel : 0,
    pending: pendingView,
    pastDue:
      state === 'past_due'
        ? {
            planTitle: plan.title,
            planPrice: plan.periodCents / 100,
            dueDate: (row.pastDueSince ?? row.currentPeriodEnd ?? now).toISOString(),
            attemptLimit: row.attemptLimit,
          }
        : null,
    slots,
  };
}
