import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { CheckoutView } from '../components/pricing/checkout/checkout-view.js';
import { PricingBackdrop } from '../components/pricing/checkout/pricing-backdrop.js';
import {
  checkoutAction,
  loadCheckout,
  readTarget,
  type CheckoutActionData,
} from '../utils/checkout.server.js';
import { loadPricing } from '../utils/pricing.server.js';
import { pricingLinks } from '../components/pricing/pricing-page.js';
import authStylesUrl from '../styles/auth.css?url';
import checkoutStylesUrl from '../styles/checkout.css?url';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';
export { connectionSafeAction as clientAction } from '../utils/form-connection.js';

export const links = () => [
  ...pricingLinks(),
  { rel: 'stylesheet', href: authStylesUrl },
  { rel: 'stylesheet', href: checkoutStylesUrl },
];

export const meta: MetaFunction = () => [{ title: 'Updating subscription · Animata' }];

/** /upgrade/{card|paypal}/{monthly|annual}/{product}: the 'Updating subscription' dialog over the pricing page. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const target = readTarget('upgrade', params);
  const [checkout, pricing] = await Promise.all([
    loadCheckout(request, context, target),
    loadPricing(request, context),
  ]);
  return { checkout, pricing };
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return checkoutAction(request, context, readTarget('upgrade', params));
}

/**
 * The dialog's own steps (card errors, two-factor, 3-D Secure) change nothing the loader read:
 * no reload of the preview (nor a second InitiateCheckout) after them.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  formMethod?.toUpperCase() === 'POST' && currentUrl.href === nextUrl.href
    ? false
    : defaultShouldRevalidate;

export default function Upgrade() {
  const { checkout, pricing } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as CheckoutActionData | undefined;
  return (
    <PricingBackdrop pricing={pricing}>
      <CheckoutView data={checkout} result={result} />
    </PricingBackdrop>
  );
}
