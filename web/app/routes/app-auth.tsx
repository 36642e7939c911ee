import { appAuthMessages } from '@animata/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Consent } from '../components/apps/auth-consent.js';
import {
  AuthScreen,
  InvalidRedirect,
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
export function loader({ request, context }: LoaderFunctionArgs) {
  return loadAppAuth(request, context);
}

export function action({ request, context }: ActionFunctionArgs) {
  return appAuthAction(request, context);
}

export default function AppAuth() {
  const view = useLoaderData<typeof loader>();
  // The login form's answers (errors, the two-factor dialog); decisions answer a fetcher.
  const loginResult = useActionData<typeof action>() as LoginActionResult | undefined;
  return (
    <AuthScreen>
      {view.kind === 'no-app' ? <NoApp /> : null}
      {view.kind === 'invalid-redirect' ? <InvalidRedirect url={view.url} error={view.error} /> : null}
      {view.kind === 'redirect-not-allowed' ? <RedirectNotAllowed url={view.url} /> : null}
      {view.kind === 'consent' ? <Consent view={view} loginResult={loginResult} /> : null}
    </AuthScreen>
  );
}
