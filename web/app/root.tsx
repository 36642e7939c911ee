import { catalogueMessages, type Notification } from '@animata/contracts';
import {
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import {
  isRouteErrorResponse,
  Link,
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
import { TopBar } from './components/top-bar.js';
import stylesUrl from './styles/app.css?url';
import { notificationCookie } from './utils/notification.server.js';
import './load-context.js';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesUrl },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const meta: MetaFunction = () => [{ title: 'Animata' }];

/**
 * Reads the one-time notification and clears its cookie in the same response. A redirect that
 * sets the cookie makes Remix revalidate every loader, so this one runs on the next page even
 * after a client-side navigation.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const notification = notificationCookie.read(request);
  // Cleared even when unreadable, so a broken value cannot linger.
  const present = notificationCookie.raw(request) !== null;
  return data(
    { notification },
    present ? { headers: { 'set-cookie': notificationCookie.clear() } } : undefined,
  );
}

export function Layout({ children }: { children: ReactNode }) {
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
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { notification } = useLoaderData<typeof loader>();
  return (
    <>
      <Outlet />
      <Snackbar notification={notification as Notification | null} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // The root loader ran (only a child failed) when its data is here: its notification was
  // already cleared, so it is shown here too.
  const rootData = useRouteLoaderData<typeof loader>('root');
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? 'Page not found' : 'Something went wrong';
  const text = notFound
    ? catalogueMessages.notFound
    : isRouteErrorResponse(error) && typeof error.data === 'string' && error.data
      ? error.data
      : catalogueMessages.somethingWentWrong;
  return (
    <>
      <TopBar />
      <main id="main" className="page page--narrow">
        <div className="message-card">
          <p className="message-card__code" aria-hidden="true">
            {notFound ? '404' : 'Error'}
          </p>
          <h1>{title}</h1>
          <p className="muted">{text}</p>
          <p>
            <Link to="/" className="button button--primary">
              Go to the home page
            </Link>
          </p>
        </div>
      </main>
      <Snackbar notification={(rootData?.notification ?? null) as Notification | null} />
    </>
  );
}
