import { pagePaths } from '@animata/contracts';
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';

/** §2.7: the screen has one route; any other path under it goes there, keeping the query. */
export function loader({ request }: LoaderFunctionArgs) {
  throw redirect(pagePaths.appAuth + new URL(request.url).search);
}
