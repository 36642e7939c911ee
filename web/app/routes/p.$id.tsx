import {
  catalogueMessages,
  endpoints,
  fillPath,
  isProjectId,
  pagePaths,
  PUBLIC_LINK_PASSWORD_MAX,
  publicProjectTexts,
  sharingMessages,
} from '@animata/contracts';
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteError,
} from '@remix-run/react';
import { ProjectViewer } from '../components/project/project-viewer.js';
import { Logo } from '../components/top-bar.js';
import { FormNotice } from '../components/ui/form-notice.js';
import { PasswordField } from '../components/ui/password-field.js';
import { ErrorMessage } from '../components/ui/route-error-boundary.js';
import { SubmitButton } from '../components/ui/submit-button.js';
import { api, formFailure } from '../utils/api.server.js';
import { readForm, textField } from '../utils/form.server.js';
import projectStylesUrl from '../styles/project.css?url';
import publicStylesUrl from '../styles/public-project.css?url';
export {
  connectionSafeAction as clientAction,
  connectionSafeRevalidation as shouldRevalidate,
} from '../utils/form-connection.js';

export const links = () => [
  { rel: 'stylesheet', href: projectStylesUrl },
  { rel: 'stylesheet', href: publicStylesUrl },
];

/** Never indexed, never followed: a public link is for the people it was given to. */
const ROBOTS = 'noindex, nofollow';

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  {
    title:
      loaded?.state === 'playing'
        ? `${loaded.project.title} · Animata`
        : loaded?.state === 'locked'
          ? `${publicProjectTexts.passwordTitle} · Animata`
          : 'Animata',
  },
  { name: 'robots', content: ROBOTS },
];

/**
 * Never kept by a cache (the pages' default, said again here): making the project private ends
 * the page at once. Search engines are told off in the header too, for what reads no HTML.
 */
export const headers: HeadersFunction = () => ({
  'cache-control': 'private, no-store',
  'x-robots-tag': ROBOTS,
});

function notFound(): Response {
  return new Response(catalogueMessages.notFound, {
    status: 404,
    headers: { 'x-robots-tag': ROBOTS },
  });
}

function projectIdOf(params: Record<string, string | undefined>): string {
  const id = params.id ?? '';
  if (!isProjectId(id)) throw notFound();
  return id;
}

/**
 * A public project's link `/p/{id}` (issue 31; projects-dashboard §4 Link sharing): the
 * animation and its title for anyone, signed in or not, with nothing of the account around it.
 * A private, expired, unknown or demo project is the 404 page; a password-protected one asks
 * for its password first (the unlock cookie then opens the page and its document).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = projectIdOf(params);
  const client = api(request, context);
  const result = await client.call(endpoints.publicProjects.get, undefined, { params: { id } });
  if (result.ok) return { state: 'playing' as const, project: result.data };
  if (result.status === 403) return { state: 'locked' as const };
  if (result.status === 404) throw notFound();
  throw new Response(result.error.notice, { status: result.status || 503 });
}

/**
 * The password form: the BFF checks it (rate-limited per address) and sets the unlock cookie,
 * which goes back to the browser with the redirect to the page. The same with and without
 * JavaScript.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = projectIdOf(params);
  const read = await readForm(request);
  if (!read.ok) return data({ fieldErrors: {}, notice: read.notice }, { status: read.status });
  const client = api(request, context);
  const result = await client.call(
    endpoints.publicProjects.unlock,
    { password: textField(read.form, 'password') },
    { params: { id }, knownFields: ['password'] },
  );
  if (result.ok) {
    return redirect(fillPath(pagePaths.publicProject, { params: { id } }), {
      headers: result.headers,
    });
  }
  if (result.status === 404) throw notFound();
  return formFailure(result, {});
}

export default function PublicProjectPage() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <div className="public-project">
      <header className="public-project__bar">
        <Link to={pagePaths.home} className="public-project__brand">
          <Logo size={24} />
          <span>{publicProjectTexts.madeWith}</span>
        </Link>
      </header>
      <main id="main" className="public-project__main">
        {loaded.state === 'playing' ? (
          <>
            <h1 className="public-project__title">{loaded.project.title}</h1>
            <ProjectViewer
              key={loaded.project.id}
              title={loaded.project.title}
              documentHref={loaded.project.documentUrl}
              dimension={loaded.project.dimension}
              duration={loaded.project.duration}
              fps={loaded.project.fps}
              background={loaded.project.background}
            />
          </>
        ) : (
          <UnlockForm />
        )}
      </main>
    </div>
  );
}

function UnlockForm() {
  const answer = useActionData<typeof action>() as
    { fieldErrors?: Record<string, string>; notice?: string } | undefined;
  const navigation = useNavigation();
  const fieldError = answer?.fieldErrors?.password;
  return (
    <section className="card public-project__unlock" aria-labelledby="public-project-unlock">
      <h1 id="public-project-unlock">{publicProjectTexts.passwordTitle}</h1>
      <p className="muted">{sharingMessages.passwordRequired}</p>
      <Form method="post" className="public-project__form">
        <FormNotice>{fieldError ? undefined : answer?.notice}</FormNotice>
        <PasswordField
          label={publicProjectTexts.passwordLabel}
          autoComplete="current-password"
          serverError={fieldError}
          maxLength={PUBLIC_LINK_PASSWORD_MAX}
          autoFocus
        />
        <SubmitButton pending={navigation.state !== 'idle'}>
          {publicProjectTexts.unlock}
        </SubmitButton>
      </Form>
    </section>
  );
}

/** The 404 (private, expired, unknown) without the account's top bar either. */
export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <div className="public-project">
      <header className="public-project__bar">
        <Link to={pagePaths.home} className="public-project__brand">
          <Logo size={24} />
          <span>{publicProjectTexts.madeWith}</span>
        </Link>
      </header>
      <main id="main" className="page page--narrow">
        <ErrorMessage error={error} />
      </main>
    </div>
  );
}
