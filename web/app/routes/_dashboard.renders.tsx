import {
  dashboardLabels,
  dashboardTexts,
  formatSizeMb,
  pagePaths,
  RENDER_PARAMS,
  RENDER_SORT_LABELS,
  RENDER_SORT_ORDER,
  RENDERS_REFRESH_SECONDS,
  renderPageTexts,
  renderTexts,
  withShareParam,
  type RenderExport,
  type RenderLimits,
  type RenderUpdatePayload,
} from '@animata/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { useEffect, useMemo, useState } from 'react';
import { useDashboardData } from '../components/dashboard/dashboard-data.js';
import { DashboardDialogs } from '../components/dashboard/dialogs.js';
import { EmptyState } from '../components/dashboard/empty-state.js';
import { icons } from '../components/dashboard/icons.js';
import { Pagination } from '../components/dashboard/pagination.js';
import { SearchSort } from '../components/dashboard/search-sort.js';
import { LIST_PARAMS } from '../components/dashboard/view.js';
import { RenderCard, RENDER_SELECTION_FORM_ID } from '../components/renders/render-card.js';
import { RenderDialogs } from '../components/renders/render-dialogs.js';
import { useRenderUpdates } from '../components/renders/use-render-updates.js';
import { ShareDialog } from '../components/sharing/share-dialog.js';
import { requireCustomer } from '../utils/auth.server.js';
import { dashboardAction } from '../utils/dashboard.server.js';
import { loadRendersPage, postsToRenders, rendersAction } from '../utils/renders/renders.server.js';
import { withRenderDialog } from '../utils/renders/render-view.js';
import { loadShareDialog } from '../utils/sharing/sharing.server.js';
import { useHydrated } from '../utils/use-hydrated.js';
import { useRevalidateWhenIdle } from '../utils/use-revalidate-when-idle.js';
import { useSelection } from '../components/dashboard/use-selection.js';
export { DashboardErrorBoundary as ErrorBoundary } from '../components/dashboard/dashboard-error.js';
export { connectionSafeAction as clientAction } from '../utils/form-connection.js';

export const meta: MetaFunction = () => [{ title: `${dashboardTexts.myRenders} · Animata` }];

/** The side menu's folder menu opens the share dialog here too (`?share=label:{id}`). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCustomer(request, context);
  const [renders, share] = await Promise.all([
    loadRendersPage(request, context),
    loadShareDialog(request, context),
  ]);
  return { ...renders, share, now: new Date().toISOString() };
}

// The renders' own forms; the side menu's folder dialogs (and the share dialog's) as elsewhere.
export async function action(args: ActionFunctionArgs) {
  if (await postsToRenders(args.request)) return rendersAction(args.request, args.context);
  return dashboardAction(args);
}

type LiveJob = Pick<RenderUpdatePayload, 'status' | 'percent' | 'eta' | 'error'>;

const withJob = (render: RenderExport, live: LiveJob): RenderExport => ({
  ...render,
  job: {
    ...render.job,
    status: live.status,
    percent: live.percent,
    eta: live.eta,
    error: live.error,
  },
});

/**
 * `/renders/` (projects-dashboard §2 Renders screen, §4, §6, §9; issue 32): Render jobs (waiting,
 * running and failed, with the reason) and Completed renders (searched, sorted six ways and
 * paged as the project views are). `render-update` events move the bars in place; a finished
 * job goes to the top of Completed on page 1 only, trimmed to the page size (§4). Without
 * JavaScript the page reloads itself while jobs are active, and a reload always shows the state.
 */
export default function Renders() {
  const { labels } = useDashboardData();
  const data = useLoaderData<typeof loader>();
  const { share, state, dialog, dialogRenders, rows } = data;
  const location = useLocation();
  const hydrated = useHydrated();
  const revalidate = useRevalidateWhenIdle();
  const [jobs, setJobs] = useState(data.jobs);
  const [completed, setCompleted] = useState(data.completed.data);
  const [total, setTotal] = useState(data.completed.pagination.totalFiles);
  useEffect(() => {
    setJobs(data.jobs);
    setCompleted(data.completed.data);
    setTotal(data.completed.pagination.totalFiles);
  }, [data]);
  const { selected, setSelected, toggle } = useSelection(data);

  useRenderUpdates((update) => {
    const known = jobs.some((job) => job.id === update.exportId);
    if (!known) {
      // A render started elsewhere (another tab): the lists are read again.
      if (update.status !== 'aborted') revalidate();
      return;
    }
    if (update.status === 'aborted') {
      setJobs((current) => current.filter((job) => job.id !== update.exportId));
      return;
    }
    if (update.status === 'done') {
      setJobs((current) => current.filter((job) => job.id !== update.exportId));
      const finished = update.export;
      setTotal((count) => count + 1);
      // §4: on top of Completed on page 1 only (whatever the sort), trimmed to the page size.
      if (finished && state.page === 1 && !state.q) {
        setCompleted((current) =>
          [finished, ...current.filter((render) => render.id !== finished.id)].slice(0, rows),
        );
      }
      return;
    }
    setJobs((current) =>
      current.map((job) => (job.id === update.exportId ? withJob(job, update) : job)),
    );
  });

  const now = useMemo(() => new Date(data.now), [data.now]);
  const limits = data.completed.limits;
  const pagination = { ...data.completed.pagination, totalFiles: total };
  const selectedIds = completed.filter((render) => selected.has(render.id)).map((r) => r.id);

  return (
    <main id="main" className="dashboard-main renders-page" data-view="renders">
      {/* Without JavaScript the page follows its jobs by reloading itself, only while some are
          active and no dialog is open (decision 298). */}
      {!hydrated && data.active && !dialog ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(RENDERS_REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <header className="dashboard-toolbar">
        <div className="dashboard-toolbar__top">
          <h1 className="dashboard-title">
            <span className="dashboard-title__icon">{icons.renders}</span>
            <span className="dashboard-title__text">{dashboardTexts.myRenders}</span>
          </h1>
          <RenderLimitsBar limits={limits} />
        </div>
        <div className="dashboard-toolbar__bottom">
          {hydrated && selectedIds.length > 0 ? (
            <div
              className="selection-bar"
              role="toolbar"
              aria-label={renderPageTexts.selectedRenders}
            >
              <p className="selection-bar__count" aria-live="polite">
                {selectedIds.length} selected
              </p>
              {selectedIds.length === completed.length ? null : (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => setSelected(new Set(completed.map((render) => render.id)))}
                >
                  {renderPageTexts.selectAll}
                </button>
              )}
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => setSelected(new Set())}
              >
                {dashboardLabels.deselectAll}
              </button>
              <Link
                to={withRenderDialog(location, { name: 'delete', ids: selectedIds })}
                className="button button--danger button--small"
                preventScrollReset
              >
                {renderPageTexts.deleteSelected}
              </Link>
            </div>
          ) : (
            <>
              <SearchSort
                state={state}
                placeholder={renderPageTexts.searchRenders}
                sorts={RENDER_SORT_ORDER}
                sortLabels={RENDER_SORT_LABELS}
              />
              {!hydrated && completed.length > 0 ? <SelectionForm /> : null}
            </>
          )}
        </div>
      </header>
      <section className="renders-section" aria-labelledby="render-jobs">
        <h2 id="render-jobs" className="renders-section__title">
          {dashboardTexts.renderJobs}
        </h2>
        {jobs.length > 0 ? (
          <div className="renders-list">
            {jobs.map((render) => (
              <RenderCard
                key={render.id}
                render={render}
                now={now}
                selectable={false}
                selected={false}
                onToggle={toggle}
              />
            ))}
          </div>
        ) : (
          <p className="renders-section__empty muted">{renderPageTexts.noJobs}</p>
        )}
      </section>
      <section className="renders-section" aria-labelledby="completed-renders">
        <h2 id="completed-renders" className="renders-section__title">
          {dashboardTexts.completedRenders}
        </h2>
        {completed.length > 0 ? (
          <>
            <div className="renders-list">
              {completed.map((render) => (
                <RenderCard
                  key={render.id}
                  render={render}
                  now={now}
                  selectable
                  selected={selected.has(render.id)}
                  onToggle={toggle}
                />
              ))}
            </div>
            <Pagination pagination={pagination} />
          </>
        ) : state.q ? (
          <EmptyState title={renderPageTexts.noResults} />
        ) : (
          <EmptyState title={dashboardTexts.emptyRenders} />
        )}
      </section>
      <RenderDialogs dialog={dialog} renders={dialogRenders} />
      <DashboardDialogs labels={labels} projects={[]} currentFolder={null} />
      {share ? (
        <ShareDialog key={share.param} data={share} closeTo={withShareParam(location, null)} />
      ) : null}
    </main>
  );
}

/** Files used of the limit and the storage (billing-teams-apps §1); 'Upgrade to continue' at the limit. */
function RenderLimitsBar({ limits }: { limits: RenderLimits }) {
  return (
    <div className="render-limits" role="group" aria-label={renderPageTexts.limitsLabel}>
      <span className="render-limits__item">
        {renderPageTexts.filesUsed(limits.files.used, limits.files.limit)}
      </span>
      <span className="render-limits__item">
        {renderPageTexts.storageUsed(
          formatSizeMb(limits.storage.used),
          limits.storage.limit === null ? null : formatSizeMb(limits.storage.limit),
        )}
      </span>
      {limits.reached ? (
        <Link to={pagePaths.pricing} className="button button--primary button--small">
          {renderTexts.upgradeToContinue}
        </Link>
      ) : null}
    </div>
  );
}

/**
 * The selection without JavaScript: a GET form whose button opens the delete confirmation for
 * the cards ticked (their checkboxes belong to it), the list's address kept.
 */
function SelectionForm() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const kept = Object.values(LIST_PARAMS).flatMap((name) => {
    const value = params.get(name);
    return value ? [[name, value] as const] : [];
  });
  return (
    <form
      id={RENDER_SELECTION_FORM_ID}
      method="get"
      action={location.pathname}
      className="selection-bar selection-bar--form"
      aria-label={renderPageTexts.selectedRenders}
    >
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        name={RENDER_PARAMS.show}
        value="delete"
        className="button button--danger button--small"
      >
        {renderPageTexts.deleteSelected}
      </button>
    </form>
  );
}
