import { dashboardTexts, withShareParam } from '@animata/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { useDashboardData } from '../components/dashboard/dashboard-data.js';
import { DashboardDialogs } from '../components/dashboard/dialogs.js';
import { EmptyState } from '../components/dashboard/empty-state.js';
import { icons } from '../components/dashboard/icons.js';
import { ShareDialog } from '../components/sharing/share-dialog.js';
import { requireCustomer } from '../utils/auth.server.js';
import { dashboardAction } from '../utils/dashboard.server.js';
import { loadShareDialog } from '../utils/sharing/sharing.server.js';
export { DashboardErrorBoundary as ErrorBoundary } from '../components/dashboard/dashboard-error.js';
export { connectionSafeAction as clientAction } from '../utils/form-connection.js';

export const meta: MetaFunction = () => [{ title: `${dashboardTexts.myRenders} · Animata` }];

/** The side menu's folder menu opens the share dialog here too (`?share=label:{id}`). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCustomer(request, context);
  return { share: await loadShareDialog(request, context) };
}

// The side menu's folder dialogs (and the share dialog's forms) post here as on every section.
export async function action(args: ActionFunctionArgs) {
  return dashboardAction(args);
}

/**
 * `/renders/` (§2): my renders. Renders come with their own issue; until then both sections
 * are empty and the page says how to fill them.
 */
export default function Renders() {
  const { labels } = useDashboardData();
  const { share } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <main id="main" className="dashboard-main" data-view="renders">
      <header className="dashboard-toolbar">
        <div className="dashboard-toolbar__top">
          <h1 className="dashboard-title">
            <span className="dashboard-title__icon">{icons.renders}</span>
            <span className="dashboard-title__text">{dashboardTexts.myRenders}</span>
          </h1>
        </div>
      </header>
      <section className="renders-section" aria-labelledby="render-jobs">
        <h2 id="render-jobs" className="renders-section__title">
          {dashboardTexts.renderJobs}
        </h2>
      </section>
      <section className="renders-section" aria-labelledby="completed-renders">
        <h2 id="completed-renders" className="renders-section__title">
          {dashboardTexts.completedRenders}
        </h2>
        <EmptyState title={dashboardTexts.emptyRenders} />
      </section>
      <DashboardDialogs labels={labels} projects={[]} currentFolder={null} />
      {share ? (
        <ShareDialog key={share.param} data={share} closeTo={withShareParam(location, null)} />
      ) : null}
    </main>
  );
}
