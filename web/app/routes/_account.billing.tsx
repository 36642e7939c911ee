import { accountTabs } from '@animata/contracts';
import type { MetaFunction } from '@remix-run/node';
import { ComingSoon } from '../components/account/coming-soon.js';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';

export const meta: MetaFunction = () => [{ title: `${accountTabs.billing} · Animata` }];

/** The billing tab (billing-teams-apps §2): its plan, payment method and renewal arrive with billing management. */
export default function Page() {
  return (
    <ComingSoon title={accountTabs.billing}>
      Your plan, payment method and next renewal will be shown and managed here. You are on the free
      plan today.
    </ComingSoon>
  );
}
