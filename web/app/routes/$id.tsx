import {
  DEMO_FOLDER_ID,
  endpoints,
  fillPath,
  formatDuration,
  isProjectId,
  pagePaths,
  projectPageTexts,
  type ProjectWithData,
} from '@animata/contracts';
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { TopBar } from '../components/top-bar.js';
import { SubmitButton } from '../components/ui/submit-button.js';
import { api } from '../utils/api.server.js';
import { requireCustomer } from '../utils/auth.server.js';
import { notify, redirectWithNotification } from '../utils/notification.server.js';
import projectStylesUrl from '../styles/project.css?url';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';

export const links = () => [{ rel: 'stylesheet', href: projectStylesUrl }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.project.title} · Animata` : 'Animata' },
];

/**
 * A single path segment that is not a project id belongs to nobody: like the catch-all, it
 * goes to the dashboard (projects-dashboard §2 "any other path").
 */
function projectIdOf(params: Record<string, string | undefined>): string {
  const id = params.id ?? '';
  if (!isProjectId(id)) throw redirect(pagePaths.home);
  return id;
}

/** The demo originals everyone sees; a customer's own changed copy has `fromId` set. */
const isDemoOriginal = (project: { isDemo: boolean; fromId: string | null }) =>
  project.isDemo && project.fromId === null;

/**
 * The project page `/{id}` (issue 17): the animation at its size, its title, Export, the Share
 * entry point and the way back. Someone else's project answers 404 from the BFF, so the page is
 * the 404 page. The editor is out of scope.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = projectIdOf(params);
  await requireCustomer(request, context);
  const client = api(request, context);
  const project = await client.expect(
    client.call(endpoints.projects.get, undefined, { params: { id } }),
  );
  return {
    project: pageProject(project),
    // An <img> of the SVG: the browser runs no script and loads nothing external in an image,
    // whatever the sanitiser may have missed; SMIL and CSS animations still play.
    source: `data:image/svg+xml;base64,${Buffer.from(project.data.document, 'utf8').toString('base64')}`,
    background: project.data.options.background,
    exportHref: fillPath(endpoints.projects.export.path, { params: { id } }),
  };
}

/** What the page shows of a project; the data itself only as the image source. */
function pageProject(project: ProjectWithData) {
  return {
    id: project.id,
    title: project.title,
    label: project.label,
    isDemo: project.isDemo,
    demoOriginal: isDemoOriginal(project),
    duration: project.duration,
    type: project.type,
    dimension: project.dimension,
  };
}

/**
 * intent=open-demo ('Make a copy to edit' on a demo original): the customer's own changed copy,
 * made once by the BFF, then its page.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = projectIdOf(params);
  await requireCustomer(request, context);
  const client = api(request, context);
  const result = await client.call(endpoints.projects.openDemo, undefined, { params: { id } });
  if (result.ok) return redirect(fillPath(pagePaths.project, { params: { id: result.data.id } }));
  if (result.error.kind === 'logged-out') return client.toLogin(result.headers);
  if (result.error.kind === 'not-found') throw new Response('Not found', { status: 404 });
  return redirectWithNotification(
    fillPath(pagePaths.project, { params: { id } }),
    notify('error', result.error.notice || projectPageTexts.openDemoFailed),
  );
}

export default function ProjectPage() {
  const { project, source, background, exportHref } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const copying = navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post';
  const { width, height } = project.dimension;
  const back = project.isDemo
    ? fillPath(pagePaths.folder, { params: { folder: DEMO_FOLDER_ID } })
    : project.label
      ? fillPath(pagePaths.folder, { params: { folder: project.label } })
      : pagePaths.home;
  return (
    <>
      <TopBar />
      <main id="main" className="page project-page">
        <nav className="project-page__nav" aria-label="Project">
          <Link to={back} className="button button--ghost button--small project-page__back">
            <span aria-hidden="true">←</span> {projectPageTexts.backToDashboard}
          </Link>
        </nav>
        <header className="project-page__header">
          <div className="project-page__heading">
            <h1 className="project-page__title">{project.title}</h1>
            <p className="muted project-page__meta">
              {width} × {height}
              {project.type === 'animation' ? ` · ${formatDuration(project.duration)}` : ''}
            </p>
          </div>
          <div className="project-page__actions">
            {project.demoOriginal ? (
              <Form method="post">
                <input type="hidden" name="intent" value="open-demo" />
                <SubmitButton pending={copying}>{projectPageTexts.makeCopy}</SubmitButton>
              </Form>
            ) : null}
            <a className="button button--ghost" href={exportHref} download>
              {projectPageTexts.export}
            </a>
            {/* A disclosure, so it opens without JavaScript too. */}
            <details className="project-page__share">
              <summary className="button button--ghost">{projectPageTexts.share}</summary>
              <p role="note" className="project-page__share-note">
                {projectPageTexts.shareLater}
              </p>
            </details>
          </div>
        </header>
        {project.demoOriginal ? (
          <p className="project-page__notice" role="note">
            {projectPageTexts.demoNotice}
          </p>
        ) : null}
        <figure className="project-page__stage">
          <img
            className="project-page__animation"
            src={source}
            width={width}
            height={height}
            alt={project.title}
            // The project's own background colour; a transparent one shows the page's checkerboard.
            style={background === 'transparent' ? undefined : { background }}
          />
        </figure>
        <p className="muted project-page__editor-note">{projectPageTexts.editorLater}</p>
      </main>
    </>
  );
}
