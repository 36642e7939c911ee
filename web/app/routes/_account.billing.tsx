import { accountTabs } from '@animata/contracts';
import type { MetaFunction } from '@remix-run/node';
import { BillingSummary } from '../components/pricing/billing-summary.js';
import { pricingLinks } from '../components/pricing/pricing-page.js';
import { useAccountData } from './_account.js';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';

export const meta: MetaFunction = () => [{ title: `${accountTabs.billing} · Animata` }];
export const links = pricingLinks;

/**
 * The billing tab (billing-teams-apps §2), read-only for now: the subscription of the customer
 * object the account layout loaded. Editing the card and billing info comes with a later issue.
 */
export default function Page() {
  const { customer } = useAccountData();
  return <BillingSummary customer={customer} />;
}
