import type { MetaFunction } from '@remix-run/node';
import { CheckoutRoute } from '../components/pricing/checkout/checkout-route.js';
import { checkoutLoader, checkoutRouteAction } from '../utils/checkout-route.server.js';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';
export { connectionSafeAction as clientAction } from '../utils/form-connection.js';
export {
  checkoutLinks as links,
  checkoutShouldRevalidate as shouldRevalidate,
} from '../components/pricing/checkout/checkout-route.js';

export const meta: MetaFunction = () => [{ title: 'Checkout · Animata' }];

/** /pay/{monthly|annual}/{product}: the 'Checkout' dialog over the pricing page. */
export const loader = checkoutLoader('pay');
export const action = checkoutRouteAction('pay');
export default CheckoutRoute;
