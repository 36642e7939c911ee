import { pagePaths, type Customer, type PayablePeriod } from '@animata/contracts';

/** The query parameters the pricing page reads (billing-teams-apps §2), in address order. */
export const PRICING_QUERY = ['coupon', 'plan', 'product', 'payment'] as const;
export type PricingQuery = Partial<Record<(typeof PRICING_QUERY)[number], string | null>>;

/** The /pricing address with the given parameters, in a stable order, empty ones left out. */
export function pricingHref(params: PricingQuery, hash = ''): string {
  const search = new URLSearchParams();
  for (const name of PRICING_QUERY) {
    const value = params[name];
    if (value) search.set(name, value);
  }
  const text = search.toString();
  return `${pagePaths.pricing}${text ? `?${text}` : ''}${hash}`;
}

/** §4: annual, or monthly when the current subscription is paid and monthly. */
export function defaultPeriod(
  customer: Pick<Customer, 'subscription' | 'isExpired'> | null,
): PayablePeriod {
  const subscription = customer?.subscription;
  if (!subscription || customer.isExpired || subscription.accessLevel === 0) return 'annual';
  return subscription.plan === 'monthly' ? 'monthly' : 'annual';
}
