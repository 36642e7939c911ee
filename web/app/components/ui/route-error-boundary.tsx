import { catalogueMessages } from '@animata/contracts';
import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react';
import { TopBar } from '../top-bar.js';

/**
 * What a failed page shows (account-and-auth §8): 404 gets the catalogue's not-found text; a
 * response the app threw on purpose (a 403 from the BFF …) its own text; anything else, which
 * may hold internals, only the generic one. Then a way home.
 */
export function ErrorMessage({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? 'Page not found' : 'Something went wrong';
  const text = notFound
    ? catalogueMessages.notFound
    : isRouteErrorResponse(error) && typeof error.data === 'string' && error.data
      ? error.data
      : catalogueMessages.somethingWentWrong;
  return (
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
  );
}

/** A whole page for the error: the top bar, then the message. */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <>
      <TopBar />
      <main id="main" className="page page--narrow">
        <ErrorMessage error={error} />
      </main>
    </>
  );
}

/**
 * The error boundary of the pages below the root (`export { RouteErrorBoundary as ErrorBoundary }`).
 * The root's layout still renders around it, with its snackbar, so a page that fails looks
 * exactly like the root's own error page.
 */
export function RouteErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
