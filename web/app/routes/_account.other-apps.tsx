import { accountTabs, endpoints, pagePaths } from '@animata/contracts';
import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { ComingSoon } from '../components/account/coming-soon.js';
import { api } from '../utils/api.server.js';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';

export const meta: MetaFunction = () => [{ title: `${accountTabs.otherApps} · Animata` }];

/** '3rd Party Apps' shows only to customers who authorized one (§2.2); others go to /account. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const client = api(request, context);
  const { customer } = await client.expect(client.call(endpoints.customer.get));
  if (!customer.hasOtherApps) throw redirect(pagePaths.account);
  return null;
}

export default function OtherApps() {
  return (
    <ComingSoon title={accountTabs.otherApps}>
      The apps you allowed to use your account will be listed here, each with a way to revoke it.
    </ComingSoon>
  );
}
