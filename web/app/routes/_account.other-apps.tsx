import { accountTabs, appsTexts } from '@animata/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { OtherAppsTable } from '../components/apps/other-apps-table.js';
import { FormNotice } from '../components/ui/form-notice.js';
import { loadOtherApps, otherAppsAction } from '../utils/apps/other-apps.server.js';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';

export const meta: MetaFunction = () => [{ title: `${accountTabs.otherApps} · Animata` }];

/** '3rd Party Apps' shows only to customers who authorized one (§2.2); others go to /account. */
export function loader({ request, context }: LoaderFunctionArgs) {
  return loadOtherApps(request, context);
}

export function action({ request, context }: ActionFunctionArgs) {
  return otherAppsAction(request, context);
}

export default function OtherApps() {
  const { appAuths, notice } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="page account-page">
      <header className="page-header">
        <h1>{appsTexts.otherAppsTitle}</h1>
      </header>
      <FormNotice>{notice}</FormNotice>
      {appAuths.length > 0 ? (
        <OtherAppsTable appAuths={appAuths} />
      ) : notice === null ? (
        <section className="empty-state">
          <p>{appsTexts.noOtherApps}</p>
        </section>
      ) : null}
    </main>
  );
}
