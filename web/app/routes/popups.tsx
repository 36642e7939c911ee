import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { popupsAction } from '../utils/popups/popups-action.server.js';
import { requireCustomer } from '../utils/auth.server.js';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';
// A post the network lost answers a notice (the invitations dialog closes unrecorded), not the
// error page.
export { connectionSafeAction as clientAction } from '../utils/form-connection.js';

/** Only posts come here (the seasonal popups' forms); a visit goes home. */
export function loader() {
  return redirect('/');
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireCustomer(request, context, { allowWeakPassword: true });
  return popupsAction(request, context);
}
