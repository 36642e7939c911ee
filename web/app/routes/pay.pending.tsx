import { billingMessages } from '@animata/contracts';
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CheckoutDialog } from '../components/pricing/checkout/checkout-dialog.js';
import { PendingPaymentWarning } from '../components/pricing/checkout/pending-payment-warning.js';
import { PricingBackdrop } from '../components/pricing/checkout/pricing-backdrop.js';
import { ThreeDSecure } from '../components/pricing/checkout/three-d-secure.js';
import { loadPendingPayment, pendingPaymentAction } from '../utils/checkout.server.js';
import { loadPricing } from '../utils/pricing.server.js';
import { pricingLinks } from '../components/pricing/pricing-page.js';
import checkoutStylesUrl from '../styles/checkout.css?url';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';
export { connectionSafeAction as clientAction } from '../utils/form-connection.js';

export const links = () => [...pricingLinks(), { rel: 'stylesheet', href: checkoutStylesUrl }];

export const meta: MetaFunction = () => [{ title: 'Pending payment · Animata' }];

/**
 * /pay/pending: a card payment waits for 3-D Secure (is3DSPending, §4). The checkout is skipped
 * and comes here: the 24-hour warning, then the confirmation with the pending payment's secret,
 * then handle3ds; the result is the pricing page's success or error state.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [pending, pricing] = await Promise.all([
    loadPendingPayment(request, context),
    loadPricing(request, context),
  ]);
  return data({ ...pending.body, pricing }, { headers: pending.headers });
}

export function action({ request, context }: ActionFunctionArgs) {
  return pendingPaymentAction(request, context);
}

export default function PendingPayment() {
  const { warning, payment, config, closeTo, pricing } = useLoaderData<typeof loader>();
  return (
    <PricingBackdrop pricing={pricing}>
      <CheckoutDialog title={billingMessages.checkoutTitle} closeTo={closeTo}>
        <PendingPaymentWarning warning={warning} resumeLink={false} />
        <ThreeDSecure
          challenge={payment}
          publishableKey={config.stripePublishableKey}
          fields={{}}
        />
      </CheckoutDialog>
    </PricingBackdrop>
  );
}
