import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { popupsAction } from '../utils/popups/popups-action.server.js';
import { requireCustomer } from '../utils/auth.server.js';

/** Only posts come here (the seasonal popups' forms); a visit goes home. */
export function loader() {
  return redirect('/');
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireCustomer(request, context, { allowWeakPassword: true });
  return popupsAction(request, context);
}
