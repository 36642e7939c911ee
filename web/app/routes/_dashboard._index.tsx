import { dashboardTexts } from '@animata/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DashboardPage } from '../components/dashboard/dashboard-page.js';
import { icons } from '../components/dashboard/icons.js';
import { dashboardAction, loadProjectList } from '../utils/dashboard.server.js';
export { DashboardErrorBoundary as ErrorBoundary } from '../components/dashboard/dashboard-error.js';
export { dashboardListRevalidation as shouldRevalidate } from '../utils/dashboard-route.js';
export { connectionSafeAction as clientAction } from '../utils/form-connection.js';

// A visitor's `/` is the marketing page, titled by the layout.
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: `${dashboardTexts.allProjects} · Animata` }] : [{ title: 'Animata' }];

/** `/`: all my projects (§2), in any folder; a visitor gets the layout's marketing page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadProjectList(request, context, { kind: 'all' }, { visitorAllowed: true });
}

export async function action(args: ActionFunctionArgs) {
  return dashboardAction(args);
}

export default function AllProjects() {
  const data = useLoaderData<typeof loader>();
  if (!data) return null;
  return (
    <DashboardPage
      view={{ kind: 'all' }}
      title={dashboardTexts.allProjects}
      icon={icons.all}
      {...data}
    />
  );
}
