import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { folderPath } from '../components/dashboard/view.js';

/** `/label/{label}` redirects to `/folder/{label}` (§2). */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(folderPath(params.label ?? ''));
}
