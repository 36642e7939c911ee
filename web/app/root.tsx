import { catalogueMessages, type Notification } from '@animata/contracts';
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
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

/** Reads the one-time notification and clears its cookie in the same response. */
export async function loader({ request }: LoaderFunctionArgs) {
  const notification = notificationCookie.read(request);
  return data(
    { notification },
    notification ? { headers: { 'set-cookie': notificationCookie.clear() } } : undefined,
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
      <main className="page page--narrow">
        <h1>{title}</h1>
        <p>{text}</p>
        <p>
          <Link to="/">Go to the home page</Link>
        </p>
      </main>
    </>
  );
}
