import {
  dashboardLabels,
  dashboardTexts,
  DEMO_FOLDER_ID,
  endpoints,
  fillPath,
  isActiveRenderStatus,
  isProjectId,
  pagePaths,
  projectPageTexts,
  projectViewerTexts,
  RENDER_ACTIVE_STATUSES,
  renderPageTexts,
  sharingMessages,
  withShareParam,
  type Project,
} from '@animata/contracts';
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, Link, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { ProjectDialogs } from '../components/dashboard/dialogs.js';
import { withDialog } from '../components/dashboard/view.js';
import { useLiveThumbnails } from '../components/dashboard/live/use-live-thumbnails.js';
import { ExportDialog, withExport } from '../components/renders/export-dialog.js';
import { useRenderUpdates } from '../components/renders/use-render-updates.js';
import { ProjectDetails, type ViewerDetails } from '../components/project/project-details.js';
import { ProjectViewer } from '../components/project/project-viewer.js';
import { ShareDialog } from '../components/sharing/share-dialog.js';
import { shareIcon } from '../components/sharing/share-icon.js';
import { TopBar, topBarOf } from '../components/top-bar.js';
import { SubmitButton } from '../components/ui/submit-button.js';
import { api } from '../utils/api.server.js';
import { requireCustomer } from '../utils/auth.server.js';
import { dashboardAction } from '../utils/dashboard.server.js';
import { readForm, textField } from '../utils/form.server.js';
import {
  exportAction,
  JOBS_ROWS,
  loadExportDialog,
  postsToExport,
} from '../utils/renders/renders.server.js';
import { notify, redirectWithNotification } from '../utils/notification.server.js';
import {
  loadShareDialog,
  postsToShareDialog,
  sharingAction,
} from '../utils/sharing/sharing.server.js';
import dashboardStylesUrl from '../styles/dashboard.css?url';
import projectStylesUrl from '../styles/project.css?url';
import sharingStylesUrl from '../styles/sharing.css?url';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';
export { connectionSafeAction as clientAction } from '../utils/form-connection.js';
// Opening or closing a dialog (`?dialog=`) keeps the page, and the player, as they are.
export { dashboardListRevalidation as shouldRevalidate } from '../utils/dashboard-route.js';

export const links = () => [
  { rel: 'stylesheet', href: projectStylesUrl },
  // The dashboard's dialogs (rename, delete, reset).
  { rel: 'stylesheet', href: dashboardStylesUrl },
  // The share dialog (`?share=1`).
  { rel: 'stylesheet', href: sharingStylesUrl },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.project.title} · Animata` : 'Animata' },
];

/**
 * A single path segment that is not a project id belongs to nobody: like the catch-all, it
 * goes to the dashboard (projects-dashboard §2 "any other path"). That includes `/editor`, the
 * editor's address ('Open the editor', 'Go to editor'): until the editor exists, projects open
 * on their own page and the dashboard lists them.
 */
function projectIdOf(params: Record<string, string | undefined>): string {
  const id = params.id ?? '';
  if (!isProjectId(id)) throw redirect(pagePaths.home);
  return id;
}

/** The demo originals everyone sees; a customer's own changed copy has `fromId` set. */
const isDemoOriginal = (project: { isDemo: boolean; fromId: string | null }) =>
  project.isDemo && project.fromId === null;

/** Where the project is listed: its folder, the demo folder, or All projects. */
function folderOf(project: Pick<Project, 'isDemo' | 'label'>): string {
  if (project.isDemo) return fillPath(pagePaths.folder, { params: { folder: DEMO_FOLDER_ID } });
  if (project.label) return fillPath(pagePaths.folder, { params: { folder: project.label } });
  return pagePaths.home;
}

/**
 * The project page `/{id}` (issues 17, 29): until the editor comes (another team's product) it
 * is where a project opens. The animation plays at its size with play/pause and a timeline;
 * its details; the dashboard's Rename, Duplicate, Export and Delete (Reset for a changed demo,
 * 'Make a copy to edit' for a demo original); the top bar's Upgrade by the dashboard's rule.
 * Someone else's project answers 404 from the BFF, so the page is the 404 page.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = projectIdOf(params);
  await requireCustomer(request, context);
  const client = api(request, context);
  const [project, details, { customer }, share] = await Promise.all([
    client.expect(client.call(endpoints.projects.get, undefined, { params: { id } })),
    client.expect(client.call(endpoints.projects.details, undefined, { params: { id } })),
    client.expect(client.call(endpoints.customer.get)),
    // `?share=1`: the share dialog over the page (issue 31).
    loadShareDialog(request, context, { page: id }),
  ]);
  // `?export={id}`: the Export dialog (issue 32); and this project's renders under way.
  const [exportDialog, renders] = await Promise.all([
    loadExportDialog(request, context),
    client.call(endpoints.renders.list, undefined, {
      query: { jobStatus: RENDER_ACTIVE_STATUSES.join(','), rows: JOBS_ROWS, page: 1 },
    }),
  ]);
  const { data, ...listed } = project;
  const own = project.owner.id === customer.id;
  const demoOriginal = isDemoOriginal(project);
  const viewerDetails: ViewerDetails = {
    dimension: project.dimension,
    duration: project.duration,
    size: project.size,
    createdAt: project.createdAt,
    updatedAt: project.updatedAt,
    folder: {
      title: project.isDemo
        ? dashboardTexts.demoProjects
        : (details.labelTitle ?? dashboardTexts.allProjects),
      href: folderOf(project),
    },
    owner: own ? projectViewerTexts.ownerYou : demoOriginal ? projectViewerTexts.ownerDemo : null,
  };
  return {
    // The project as the dashboard lists it (its dialogs read the title); the data stays here.
    project: listed,
    details: viewerDetails,
    back: folderOf(project),
    abilities: {
      demoOriginal,
      // §6: the owner renames and deletes; a demo, even a changed one, is only reset.
      change: own && !project.isDemo,
      reset: own && project.isDemo && project.fromId !== null,
      // Demo projects cannot be shared (§6); anyone else sees who has access, read-only.
      share: !project.isDemo,
    },
    share,
    exportDialog,
    rendering: renders.ok
      ? renders.data.data
          .filter((render) => render.project_id === id)
          .map((render) => ({ id: render.id, percent: render.job.percent }))
      : [],
    // The document plays from its own address, served as user content (issue 29).
    documentHref: fillPath(endpoints.projects.document.path, { params: { id } }),
    exportHref: fillPath(endpoints.projects.export.path, { params: { id } }),
    player: { fps: data.options.fps, background: data.options.background },
    topBar: topBarOf(customer),
  };
}

/**
 * The page's forms: 'Make a copy to edit' on a demo original (intent=open-demo: the customer's
 * own changed copy, made once by the BFF, then its page), and the dashboard's own Rename,
 * Duplicate (opening the copy), Delete and Reset, which leave for the project's folder once it
 * is gone. Plain forms and redirects, the same with and without JavaScript.
 */
export async function action(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  const id = projectIdOf(params);
  await requireCustomer(request, context);
  const client = api(request, context);
  // Read from a copy: the dashboard's action reads the form itself.
  // The share dialog's forms (`?share=1`).
  if (await postsToShareDialog(request)) return sharingAction(request, context, { page: id });
  // The Export dialog's form (`?export={id}`, issue 32).
  if (await postsToExport(request)) return exportAction(request, context);
  const read = await readForm(request.clone());
  if (read.ok && textField(read.form, 'intent') === 'open-demo') {
    const result = await client.call(endpoints.projects.openDemo, undefined, { params: { id } });
    if (result.ok) return redirect(fillPath(pagePaths.project, { params: { id: result.data.id } }));
    if (result.error.kind === 'logged-out') return client.toLogin(result.headers);
    if (result.error.kind === 'not-found') throw new Response('Not found', { status: 404 });
    return redirectWithNotification(
      fillPath(pagePaths.project, { params: { id } }),
      notify('error', result.error.notice || projectPageTexts.openDemoFailed),
    );
  }
  return dashboardAction(args, {
    intents: ['rename', 'duplicate', 'delete', 'reset'],
    openDuplicate: true,
    leaveTo: async () => {
      const details = await client.call(endpoints.projects.details, undefined, { params: { id } });
      return details.ok ? folderOf(details.data.project) : pagePaths.home;
    },
  });
}

export default function ProjectPage() {
  const {
    project,
    details,
    back,
    abilities,
    documentHref,
    exportHref,
    player,
    topBar,
    share,
    exportDialog,
    rendering,
  } = useLoaderData<typeof loader>();
  // The live channel (the spec's keep-alive) brings this project's render progress.
  useLiveThumbnails();
  // A project without a duration whose document moves anyway: the player's measured length.
  const [measured, setMeasured] = useState(0);
  const location = useLocation();
  const navigation = useNavigation();
  const posting = (intent: string) =>
    navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  const dialog = (name: 'rename' | 'delete' | 'reset') =>
    withDialog(location, { name, targets: [project.id] });
  return (
    <>
      <TopBar {...topBar} />
      <main id="main" className="page project-page">
        <nav className="project-page__nav" aria-label="Project">
          <Link to={back} className="button button--ghost button--small project-page__back">
            <span aria-hidden="true">←</span> {projectPageTexts.backToDashboard}
          </Link>
        </nav>
        <header className="project-page__header">
          <h1 className="project-page__title">{project.title}</h1>
          <div
            className="project-page__actions"
            role="group"
            aria-label={projectViewerTexts.actions}
          >
            {abilities.demoOriginal ? (
              <Form method="post">
                <input type="hidden" name="intent" value="open-demo" />
                <SubmitButton pending={posting('open-demo')}>
                  {projectPageTexts.makeCopy}
                </SubmitButton>
              </Form>
            ) : null}
            {abilities.change ? (
              <Link to={dialog('rename')} className="button button--ghost" preventScrollReset>
                {dashboardLabels.rename}
              </Link>
            ) : null}
            {abilities.demoOriginal ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="duplicate" />
                <input type="hidden" name="project" value={project.id} />
                <SubmitButton variant="ghost" pending={posting('duplicate')}>
                  {dashboardLabels.duplicate}
                </SubmitButton>
              </Form>
            )}
            {abilities.share ? (
              <Link
                to={withShareParam(location, '1')}
                className="button button--ghost"
                preventScrollReset
              >
                {shareIcon}
                <span>{sharingMessages.share}</span>
              </Link>
            ) : null}
            <Link
              to={withExport(location, project.id)}
              className="button button--ghost"
              preventScrollReset
            >
              {dashboardLabels.export}
            </Link>
            {/* The project's own file, what Export downloaded before issue 32
                (decision 296). */}
            <a className="button button--ghost" href={exportHref} download>
              {renderPageTexts.downloadProjectFile}
            </a>
            {abilities.change ? (
              <Link to={dialog('delete')} className="button button--ghost" preventScrollReset>
                {dashboardLabels.delete}
              </Link>
            ) : null}
            {abilities.reset ? (
              <Link to={dialog('reset')} className="button button--ghost" preventScrollReset>
                {dashboardLabels.reset}
              </Link>
            ) : null}
          </div>
        </header>
        <ProjectRenders renders={rendering} />
        {abilities.demoOriginal ? (
          <p className="project-page__notice" role="note">
            {projectPageTexts.demoNotice}
          </p>
        ) : null}
        <div className="project-page__body">
          <ProjectViewer
            // A new project (Duplicate opens the copy) starts a player of its own.
            key={project.id}
            title={project.title}
            documentHref={documentHref}
            dimension={project.dimension}
            duration={project.duration}
            fps={player.fps}
            background={player.background}
            onLength={setMeasured}
          />
          <ProjectDetails
            details={details.duration > 0 ? details : { ...details, duration: measured }}
          />
        </div>
      </main>
      <ProjectDialogs project={project} />
      {share ? (
        <ShareDialog key={share.param} data={share} closeTo={withShareParam(location, null)} />
      ) : null}
      {exportDialog ? (
        <ExportDialog key={exportDialog.options.project.id} data={exportDialog} />
      ) : null}
    </>
  );
}

/**
 * 'Rendering… 45%' for each render of this project under way (issue 32), moved by the live
 * channel's render-update events; a link to My renders. Gone once done, failed or aborted.
 */
function ProjectRenders({ renders }: { renders: { id: string; percent: number }[] }) {
  const [live, setLive] = useState(renders);
  useEffect(() => setLive(renders), [renders]);
  useRenderUpdates((update) =>
    setLive((current) =>
      isActiveRenderStatus(update.status)
        ? current.map((render) =>
            render.id === update.exportId ? { ...render, percent: update.percent } : render,
          )
        : current.filter((render) => render.id !== update.exportId),
    ),
  );
  if (live.length === 0) return null;
  return (
    <ul className="project-page__renders" aria-label={dashboardTexts.myRenders}>
      {live.map((render) => (
        <li key={render.id} role="status">
          <Link to={pagePaths.renders}>{renderPageTexts.rendering(render.percent)}</Link>
        </li>
      ))}
    </ul>
  );
}
