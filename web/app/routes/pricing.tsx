import type { ClientLoaderFunctionArgs } from '@remix-run/react';
import { Await, useLoaderData } from '@remix-run/react';
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Suspense } from 'react';
import { PricingLoading, PricingPage, pricingLinks } from '../components/pricing/pricing-page.js';
import { pendingWarningFor } from '../utils/checkout.server.js';
import { loadPricing } from '../utils/pricing.server.js';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';

export const meta: MetaFunction = () => [{ title: 'Plans and pricing · Animata' }];
export const links = pricingLinks;

/** The pricing page (billing-teams-apps §2): open to visitors and customers. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const pricing = await loadPricing(request, context);
  const pending = pricing.customer
    ? pendingWarningFor(request, pricing.customer)
    : { warning: null, setCookie: null };
  return data(
    { ...pricing, pendingWarning: pending.warning },
    pending.setCookie ? { headers: { 'Set-Cookie': pending.setCookie } } : undefined,
  );
}

/**
 * On a client navigation the page comes at once with a spinner, and the plans when the server
 * answers (§2: a spinner until products arrive). The first load is rendered on the server.
 */
export function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  return { pending: serverLoader<typeof loader>() };
}

export default function Pricing() {
  const data = useLoaderData<typeof loader | typeof clientLoader>();
  if (!('pending' in data)) return <PricingPage {...data} />;
  return (
    <Suspense fallback={<PricingLoading />}>
      <Await resolve={data.pending}>{(resolved) => <PricingPage {...resolved} />}</Await>
    </Suspense>
  );
}
