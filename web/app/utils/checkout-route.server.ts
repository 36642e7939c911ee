import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { checkoutAction, loadCheckout, readTarget, type CheckoutKind } from './checkout.server.js';
import { loadPricing } from './pricing.server.js';

/** The loader of a checkout dialog route: the dialog's data and the pricing page behind it. */
export function checkoutLoader(kind: CheckoutKind) {
  return async ({ request, context, params }: LoaderFunctionArgs) => {
    const target = readTarget(kind, params);
    const [checkout, pricing] = await Promise.all([
      loadCheckout(request, context, target),
      loadPricing(request, context),
    ]);
    return { checkout, pricing };
  };
}

/** The action every step of a checkout dialog posts to. */
export function checkoutRouteAction(kind: CheckoutKind) {
  return ({ request, context, params }: ActionFunctionArgs) =>
    checkoutAction(request, context, readTarget(kind, params));
}
