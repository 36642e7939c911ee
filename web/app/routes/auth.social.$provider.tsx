import { endpoints, fillPath, safeRedirect } from '@animata/contracts';
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';

/**
 * /auth/social/{provider}?redirectTo=…: the BFF starts the provider's OAuth round trip. A
 * resource route (no component), so no ErrorBoundary: exporting one would make Remix render it
 * as a page, and an unknown provider would get an HTML page instead of its plain 404.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const provider = params.provider;
  if (provider !== 'google' && provider !== 'facebook')
    throw new Response('Not found', { status: 404 });
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'));
  return redirect(
    fillPath(endpoints.auth.social.start.path, { params: { provider }, query: { redirectTo } }),
  );
}
