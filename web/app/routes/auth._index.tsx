import { loginUrlFor } from '@animata/contracts';
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';

/**
 * /auth alone is no page: it leads to the login form, keeping the url parameter when there is
 * one. Without this index route the /auth frame would render with an empty card. A resource
 * route (no component), like auth.$.tsx.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(loginUrlFor(new URL(request.url).searchParams.get('url')));
}
