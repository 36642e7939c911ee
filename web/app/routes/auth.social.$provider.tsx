import { endpoints, fillPath, loginUrlFor, safeRedirect } from '@animata/contracts';
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';

/**
 * /auth/social/{provider}?redirectTo=…: the BFF starts the provider's OAuth round trip (or, for
 * a provider that is not configured, sends the visitor to the login page). Any other name leads
 * to the login page too, keeping where the visitor was going (§2.3: anything else redirects).
 * A resource route (no component), so no ErrorBoundary: exporting one would make Remix render it
 * as a page.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const provider = params.provider;
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'));
  if (provider !== 'google' && provider !== 'facebook') return redirect(loginUrlFor(redirectTo));
  return redirect(
    fillPath(endpoints.auth.social.start.path, { params: { provider }, query: { redirectTo } }),
  );
}
