import { accountTabs } from '@animata/contracts';
import type { MetaFunction } from '@remix-run/node';
import { ComingSoon } from '../components/account/coming-soon.js';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';

export const meta: MetaFunction = () => [{ title: `${accountTabs.invoices} · Animata` }];

/** The invoices tab: the list and the PDF downloads arrive with billing management. */
export default function Page() {
  return (
    <ComingSoon title={accountTabs.invoices}>
      Every invoice of your paid plans will be listed here, ready to download as PDF. You have no
      invoices yet.
    </ComingSoon>
  );
}
