import { dashboardTexts } from '@animata/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DashboardPage } from '../components/dashboard/dashboard-page.js';
import { icons } from '../components/dashboard/icons.js';
import { dashboardAction, loadProjectList } from '../utils/dashboard.server.js';
export { DashboardErrorBoundary as ErrorBoundary } from '../components/dashboard/dashboard-error.js';
export { dashboardListRevalidation as shouldRevalidate } from '../utils/dashboard-route.js';
export { connectionSafeAction as clientAction } from '../utils/form-connection.js';

export const meta: MetaFunction = () => [{ title: `${dashboardTexts.sharedWithMe} · Animata` }];

/** `/shared-with-me` (§2): projects others shared with me; no toolbar, no bulk actions (§6). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadProjectList(request, context, { kind: 'shared' });
}

export async function action(args: ActionFunctionArgs) {
  return dashboardAction(args);
}

export default function SharedWithMe() {
  const data = useLoaderData<typeof loader>();
  return (
    <DashboardPage
      view={{ kind: 'shared' }}
      title={dashboardTexts.sharedWithMe}
      icon={icons.shared}
      {...data}
    />
  );
}
