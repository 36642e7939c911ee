import { pagePaths } from '@animata/contracts';
import { redirect } from '@remix-run/node';

/**
 * Any other /auth path leads to the login form (account-and-auth §2.3: anything else redirects).
 * A resource route (no component), so no ErrorBoundary: exporting one would make Remix render
 * it as a page.
 */
export function loader() {
  return redirect(pagePaths.login);
}
