import { pagePaths } from '@animata/contracts';
import { redirect } from '@remix-run/node';

/** Any unknown path under /account/ leads to the settings page (account-and-auth §2.2). */
export function loader() {
  return redirect(pagePaths.account);
}
