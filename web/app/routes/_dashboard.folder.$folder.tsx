import { dashboardTexts, DEMO_FOLDER_ID } from '@animata/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useDashboardData } from '../components/dashboard/dashboard-data.js';
import { DashboardPage } from '../components/dashboard/dashboard-page.js';
import { icons } from '../components/dashboard/icons.js';
import type { DashboardLayoutData } from '../components/dashboard/dashboard-data.js';
import { findLabel, type DashboardView } from '../components/dashboard/view.js';
import { dashboardAction, loadProjectList } from '../utils/dashboard.server.js';
export { DashboardErrorBoundary as ErrorBoundary } from '../components/dashboard/dashboard-error.js';
export { dashboardListRevalidation as shouldRevalidate } from '../utils/dashboard-route.js';
export { connectionSafeAction as clientAction } from '../utils/form-connection.js';

function viewOf(folder: string): DashboardView {
  return folder === DEMO_FOLDER_ID ? { kind: 'demo' } : { kind: 'folder', folder };
}

export const meta: MetaFunction<typeof loader> = ({ params, matches }) => {
  const layout = matches.find((match) => match.id === 'routes/_dashboard')?.data as
    DashboardLayoutData | undefined;
  const title =
    params.folder === DEMO_FOLDER_ID
      ? dashboardTexts.demoProjects
      : (findLabel(layout?.labels ?? [], params.folder ?? null)?.title ?? 'Folder');
  return [{ title: `${title} · Animata` }];
};

/**
 * `/folder/{folder}`: the projects directly in one of my folders, or the read-only demo
 * folder (`/folder/demo`). Someone else's folder answers 404 from the BFF.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const folder = params.folder ?? '';
  const data = await loadProjectList(request, context, viewOf(folder));
  return { ...data, folder };
}

export async function action(args: ActionFunctionArgs) {
  return dashboardAction(args);
}

export default function FolderPage() {
  const { folder, ...data } = useLoaderData<typeof loader>();
  const { labels } = useDashboardData();
  const view = viewOf(folder);
  const title =
    view.kind === 'demo'
      ? dashboardTexts.demoProjects
      : (findLabel(labels, folder)?.title ?? dashboardTexts.allProjects);
  return (
    <DashboardPage
      key={folder}
      view={view}
      title={title}
      icon={view.kind === 'demo' ? icons.demo : icons.folder}
      {...data}
    />
  );
}
