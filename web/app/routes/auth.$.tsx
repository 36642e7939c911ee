import { pagePaths } from '@animata/contracts';
import { redirect } from '@remix-run/node';

/** Any other /auth path leads to the login form (account-and-auth §2.3: anything else redirects). */
export function loader() {
  return redirect(pagePaths.login);
}
