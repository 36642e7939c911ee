import { useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import type { CheckoutActionData } from '../../../utils/checkout.server.js';
import type { checkoutLoader } from '../../../utils/checkout-route.server.js';
import authStylesUrl from '../../../styles/auth.css?url';
import checkoutStylesUrl from '../../../styles/checkout.css?url';
import { pricingLinks } from '../pricing-page.js';
import { CheckoutView } from './checkout-view.js';
import { PricingBackdrop } from './pricing-backdrop.js';

/** What the checkout and upgrade dialog routes share: their page, styles and revalidation. */
export const checkoutLinks = () => [
  ...pricingLinks(),
  { rel: 'stylesheet', href: authStylesUrl },
  { rel: 'stylesheet', href: checkoutStylesUrl },
];

/**
 * The dialog's own steps (card errors, two-factor, 3-D Secure) change nothing the loader read:
 * no reload of the preview (nor a second InitiateCheckout) after them.
 */
export const checkoutShouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  formMethod?.toUpperCase() === 'POST' && currentUrl.href === nextUrl.href
    ? false
    : defaultShouldRevalidate;

/** The dialog over the pricing page. */
export function CheckoutRoute() {
  const { checkout, pricing } = useLoaderData<ReturnType<typeof checkoutLoader>>();
  const result = useActionData() as CheckoutActionData | undefined;
  return (
    <PricingBackdrop pricing={pricing}>
      <CheckoutView data={checkout} result={result} />
    </PricingBackdrop>
  );
}
