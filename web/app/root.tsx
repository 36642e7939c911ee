import type { Notification } from '@animata/contracts';
import {
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
  useRouteError,
} from '@remix-run/react';
import type { ReactNode } from 'react';
import { Snackbar } from './components/ui/snackbar.js';
import { SnackbarStack } from './components/ui/snackbar-stack.js';
import { ErrorPage } from './components/ui/route-error-boundary.js';
import { getSession } from './utils/auth.server.js';
import stylesUrl from './styles/app.css?url';
import formStylesUrl from './styles/forms.css?url';
import { notificationCookie } from './utils/notification.server.js';
import { useNonce } from './utils/nonce.js';
import './load-context.js';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesUrl },
  { rel: 'stylesheet', href: formStylesUrl },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

// A form post the network lost must not refetch the root either (utils/form-connection.ts).
export { connectionSafeRevalidation as shouldRevalidate } from './utils/form-connection.js';

export const meta: MetaFunction = () => [{ title: 'Animata' }];

/**
 * Reads the one-time notification and clears its cookie in the same response. A redirect that
 * sets the cookie makes Remix revalidate every loader, so this one runs on the next page even
 * after a client-side navigation.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const notification = notificationCookie.read(request);
  // Who is signed in, for the top bar of every page (null for visitors).
  const session = await getSession(request, context);
  const customer = session
    ? { name: session.name, email: session.email, avatar: session.avatar ?? null }
    : null;
  // Cleared even when unreadable, so a broken value cannot linger.
  const present = notificationCookie.raw(request) !== null;
  return data(
    { notification, customer },
    present ? { headers: { 'set-cookie': notificationCookie.clear() } } : undefined,
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { notification } = useLoaderData<typeof loader>();
  return (
    <SnackbarStack page={<Outlet />}>
      <Snackbar notification={notification as Notification | null} />
    </SnackbarStack>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // Every page has its own boundary (components/ui/route-error-boundary), so this one shows what
  // failed in the root itself, the same way. When the root loader's data is here, its
  // notification was already cleared, so it is shown here too.
  const rootData = useRouteLoaderData<typeof loader>('root');
  return (
    <SnackbarStack page={<ErrorPage error={error} />}>
      <Snackbar notification={(rootData?.notification ?? null) as Notification | null} />
    </SnackbarStack>
  );
}
