import type { Customer } from '../account/customer.js';
import { fillPath } from '../api/fill-path.js';
import { pagePaths } from '../api/paths.js';
import { PERIOD_MONTHS, type PayablePeriod, type Product } from './catalog.js';

/** What a plan column's (and the comparison header's) button does (billing-teams-apps §2). */
export type PlanAction = { kind: 'editor' } | { kind: 'upgrade'; href: string } | { kind: 'none' };

/** The parts of the customer object the button rule reads; null for a visitor. */
export type PlanActionCustomer = Pick<Customer, 'subscription' | 'teamSubscription' | 'isExpired'>;

/**
 * The §2 button rule. The current plan (same access level and period; free matches level 0
 * whatever the period) shows 'Go to editor'. No button for a lower plan, for a plan below team
 * while the customer is in an active team plan, or for a period shorter than the current
 * plan's. Anything else is an upgrade: /pay/{period}/{product} without a stored payment
 * method, /upgrade/card|paypal/{period}/{product} with one; the coupon query is kept. A visitor
 * gets the /pay address for every paid plan (a protected path: login comes first) and no
 * button on free. An expired plan counts as free.
 */
export function planAction(
  product: Pick<Product, 'name' | 'access_level'>,
  period: PayablePeriod,
  customer: PlanActionCustomer | null,
  options: { coupon?: string | null } = {},
): PlanAction {
  const subscription = customer?.subscription;
  const expired = customer?.isExpired === true || subscription?.state === 'expired';
  const level = !subscription || expired ? 0 : subscription.accessLevel;
  const currentPeriod = !subscription || expired || level === 0 ? null : subscription.plan;

  if (product.access_level === 0) {
    return customer && level === 0 ? { kind: 'editor' } : { kind: 'none' };
  }
  if (customer) {
    if (product.access_level === level && period === currentPeriod) return { kind: 'editor' };
    if (product.access_level < level) return { kind: 'none' };
    if (customer.teamSubscription.teamPlanActive && product.access_level < 3) {
      return { kind: 'none' };
    }
    if (
      currentPeriod !== null &&
      currentPeriod !== 'free' &&
      PERIOD_MONTHS[period] < PERIOD_MONTHS[currentPeriod]
    ) {
      return { kind: 'none' };
    }
  }
  const method = expired ? null : subscription?.paymentMethod;
  const params = { period, product: product.name };
  const query = { coupon: options.coupon || null };
  const href =
    method === 'card' || method === 'paypal'
      ? fillPath(pagePaths.upgrade, { params: { ...params, method }, query })
      : fillPath(pagePaths.pay, { params, query });
  return { kind: 'upgrade', href };
}
