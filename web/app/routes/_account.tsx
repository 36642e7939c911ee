import { endpoints } from '@animata/contracts';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useRouteLoaderData } from '@remix-run/react';
import { AccountTabs } from '../components/account/account-tabs.js';
import { SeasonalPopup } from '../components/popups/seasonal-popup.js';
import { TopBar, topBarOf } from '../components/top-bar.js';
import { api } from '../utils/api.server.js';
import { requireCustomer } from '../utils/auth.server.js';
import { seasonalPopupOf } from '../utils/popups/popups.server.js';
import accountStylesUrl from '../styles/account.css?url';
import popupsStylesUrl from '../styles/popups.css?url';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';
// A post the network lost must not refetch the shell either (utils/form-connection.ts).
export { connectionSafeRevalidation as shouldRevalidate } from '../utils/form-connection.js';

export const links = () => [
  { rel: 'stylesheet', href: accountStylesUrl },
  { rel: 'stylesheet', href: popupsStylesUrl },
];

/**
 * The account app's shell (account-and-auth §2.2, billing-teams-apps §2): the top bar and the
 * tabs around /account, /billing, /invoices, /team, /own-apps and /other-apps. The customer
 * object (§3) is read once here and drives every tab. A weak-password login may come in: the
 * strong-password screen recommends a change, it does not lock the account (decision 49).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireCustomer(request, context, { allowWeakPassword: true });
  const client = api(request, context);
  const response = await client.expect(client.call(endpoints.customer.get));
  const { customer, links } = response;
  return {
    customer,
    links,
    session: { twoFactorEnabled: session.twoFactorEnabled },
    seasonalPopup: seasonalPopupOf(request, response),
  };
}

export type AccountLayoutData = Awaited<ReturnType<typeof loader>>;

/** The customer object and links, for any page of the account area. */
export function useAccountData(): AccountLayoutData {
  const data = useRouteLoaderData<typeof loader>('routes/_account');
  if (!data) throw new Error('useAccountData is for pages inside the account layout');
  return data;
}

export default function AccountLayout() {
  const { customer, seasonalPopup } = useAccountData();
  return (
    <>
      <TopBar {...topBarOf(customer)} />
      <div className="account-shell">
        <AccountTabs customer={customer} />
        <Outlet />
      </div>
      <SeasonalPopup data={seasonalPopup} />
    </>
  );
}
