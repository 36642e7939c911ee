import { appAuthMessages } from '@animata/contracts';
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Consent } from '../components/apps/auth-consent.js';
import {
  AuthScreen,
  InvalidRedirect,
  InvalidRequest,
  NoApp,
  RedirectNotAllowed,
} from '../components/apps/auth-screen.js';
import { appAuthAction, loadAppAuth } from '../utils/apps/app-auth.server.js';
import type { LoginActionResult } from '../utils/login.server.js';
import authStylesUrl from '../styles/auth.css?url';
import appAuthStylesUrl from '../styles/app-auth.css?url';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';

export const links = () => [
  { rel: 'stylesheet', href: authStylesUrl },
  { rel: 'stylesheet', href: appAuthStylesUrl },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${
      data?.kind === 'consent' ? appAuthMessages.titleFor(data.app.name) : appAuthMessages.title
    } · Animata`,
  },
];

/**
 * The third-party app authorization screen (account-and-auth §2.7, §4.7; decision 82): opened
 * by an app as a popup or with a redirect URI. Frame-ancestors 'none' comes with every page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const view = await loadAppAuth(request, context);
  // Without JavaScript, Authorize and Deny are answered by a 302 to the registered redirect URI,
  // which the page's form-action must allow (Chromium checks the redirect too); nothing else.
  if (view.kind !== 'consent' || view.mode.kind !== 'redirect') return view;
  const policy = context.contentSecurityPolicy([new URL(view.mode.uri).origin]);
  return data(view, { headers: { [CSP_HEADER]: policy } });
}

const CSP_HEADER = 'content-security-policy';

/** The loader's policy, when it widened one, replaces the default page policy. */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const policy = loaderHeaders.get(CSP_HEADER);
  return policy ? { [CSP_HEADER]: policy } : new Headers();
};

export function action({ request, context }: ActionFunctionArgs) {
  return appAuthAction(request, context);
}

export default function AppAuth() {
  const view = useLoaderData<typeof loader>();
  // The login form's answers (errors, the two-factor dialog); decisions answer a fetcher.
  const loginResult = useActionData<typeof action>() as LoginActionResult | undefined;
  // A new customer (after a login) starts from a fresh consent, the login form closed.
  const customerKey = view.kind === 'consent' ? (view.customer?.email ?? '') : '';
  return (
    <AuthScreen>
      {view.kind === 'no-app' ? <NoApp /> : null}
      {view.kind === 'invalid-redirect' ? (
        <InvalidRedirect url={view.url} error={view.error} />
      ) : null}
      {view.kind === 'redirect-not-allowed' ? <RedirectNotAllowed url={view.url} /> : null}
      {view.kind === 'invalid-request' ? <InvalidRequest description={view.description} /> : null}
      {view.kind === 'consent' ? (
        <Consent key={customerKey} view={view} loginResult={loginResult} />
      ) : null}
    </AuthScreen>
  );
}
