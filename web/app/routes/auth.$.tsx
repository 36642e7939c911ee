import { loginUrlFor } from '@animata/contracts';
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';

/**
 * Any other /auth path leads to the login form (account-and-auth §2.3: anything else redirects),
 * keeping the url parameter when there is one. A resource route (no component), so no
 * ErrorBoundary: exporting one would make Remix render it as a page.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(loginUrlFor(new URL(request.url).searchParams.get('url')));
}
