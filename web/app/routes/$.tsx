import { isProtectedPath, pagePaths } from '@animata/contracts';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { requireCustomer } from '../utils/auth.server.js';

/**
 * Any path no other route claims redirects to `/` (projects-dashboard §2). The spec's
 * protected paths that have no page of their own still ask a signed-out visitor to log in
 * first (account-and-auth §2.3), as they did before the dashboard.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (isProtectedPath(new URL(request.url).pathname)) await requireCustomer(request, context);
  return redirect(pagePaths.home);
}

export async function action() {
  return redirect(pagePaths.home);
}
