import { accountTabs, pagePaths } from '@animata/contracts';
import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { endpoints } from '@animata/contracts';
import { ComingSoon } from '../components/account/coming-soon.js';
import { api } from '../utils/api.server.js';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';

export const meta: MetaFunction = () => [{ title: `${accountTabs.ownApps} · Animata` }];

/** 'Own Apps' is for admins only (account-and-auth §6); anyone else goes to the settings page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const client = api(request, context);
  const { customer } = await client.expect(client.call(endpoints.customer.get));
  if (!customer.isAdmin) throw redirect(pagePaths.account);
  return null;
}

export default function OwnApps() {
  return (
    <ComingSoon title={accountTabs.ownApps}>
      The apps you build on Animata, their keys and redirect addresses will be managed here.
    </ComingSoon>
  );
}
