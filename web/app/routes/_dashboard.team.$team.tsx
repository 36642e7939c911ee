import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DashboardPage } from '../components/dashboard/dashboard-page.js';
import { icons } from '../components/dashboard/icons.js';
import { dashboardAction, loadProjectList } from '../utils/dashboard.server.js';
export { DashboardErrorBoundary as ErrorBoundary } from '../components/dashboard/dashboard-error.js';
export { dashboardListRevalidation as shouldRevalidate } from '../utils/dashboard-route.js';
export { connectionSafeAction as clientAction } from '../utils/form-connection.js';

export const meta: MetaFunction = () => [{ title: 'Team projects · Animata' }];

/**
 * `/team/{team}` and `/team/{team}/{folder}` (§2): a team's projects, without the toolbar and
 * the bulk actions (§6). Teams come with their own issue; until then the list is empty.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const team = params.team ?? '';
  const folder = params.folder ?? null;
  const data = await loadProjectList(request, context, { kind: 'team', team, folder });
  return { ...data, team, folder };
}

export async function action(args: ActionFunctionArgs) {
  return dashboardAction(args);
}

export default function TeamPage() {
  const { team, folder, ...data } = useLoaderData<typeof loader>();
  return (
    <DashboardPage
      key={`${team}/${folder ?? ''}`}
      view={{ kind: 'team', team, folder }}
      title="Team projects"
      icon={folder ? icons.folderShared : icons.team}
      {...data}
    />
  );
}
