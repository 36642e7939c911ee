import type { Customer } from '../account/customer.js';
import { fillPath } from '../api/fill-path.js';
import { pagePaths } from '../api/paths.js';
import { PERIOD_MONTHS, type PayablePeriod, type Product, type ProductName } from './catalog.js';

/** What a plan column's (and the comparison header's) button does (billing-teams-apps §2). */
export type PlanAction = { kind: 'editor' } | { kind: 'upgrade'; href: string } | { kind: 'none' };

/** The parts of the customer object the button rule reads; null for a visitor. */
export type PlanActionCustomer = Pick<Customer, 'subscription' | 'teamSubscription' | 'isExpired'>;

/**
 * The §2 button rule. The current plan (same access level and period; free matches level 0
 * whatever the period) shows 'Go to editor'. No button for a lower plan, for a plan below team
 * while the customer is in an active team plan, or for a period shorter than the current
 * plan's. Anything else is an upgrade to the checkout that works for the customer
 * (checkoutPath); the coupon query is kept. A visitor
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
  return { kind: 'upgrade', href: checkoutPath(customer, period, product.name, options) };
}

/**
 * The checkout that works for the customer (issue 29): the upgrade dialog only for a plan that
 * can change (active, past due, or canceled but still running) with a stored card or PayPal
 * account to charge; the checkout, which takes a new card or account, for everyone else — a
 * free customer (a failed 3-D Secure payment may have left a card), an expired plan, a canceled
 * one whose payment method was removed. The pricing buttons and both dialogs' loaders use it.
 */
export function checkoutPath(
  customer: PlanActionCustomer | null,
  period: PayablePeriod,
  product: ProductName,
  options: { coupon?: string | null } = {},
): string {
  const subscription = customer?.subscription;
  const changeable =
    customer?.isExpired !== true &&
    (subscription?.state === 'active' ||
      subscription?.state === 'past_due' ||
      subscription?.state === 'canceled');
  const method = changeable ? subscription?.paymentMethod : null;
  const params = { period, product };
  const query = { coupon: options.coupon || null };
  return method === 'card' || method === 'paypal'
    ? fillPath(pagePaths.upgrade, { params: { ...params, method }, query })
    : fillPath(pagePaths.pay, { params, query });
}
