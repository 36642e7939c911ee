import { isProtectedPath } from '@animata/contracts';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireCustomer } from '../utils/auth.server.js';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';

/**
 * Any path no other route claims. The spec's protected paths that have no page yet (billing,
 * invoices, projects) still show a signed-out visitor the login form first, so a link to them
 * works once they exist; then, like every unknown path, the 404 page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (isProtectedPath(new URL(request.url).pathname)) await requireCustomer(request, context);
  throw new Response('Not found', { status: 404 });
}

export default function NotFound() {
  return null;
}
