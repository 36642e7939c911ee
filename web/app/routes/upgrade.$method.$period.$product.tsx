import type { MetaFunction } from '@remix-run/node';
import { CheckoutRoute } from '../components/pricing/checkout/checkout-route.js';
import { checkoutLoader, checkoutRouteAction } from '../utils/checkout-route.server.js';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';
export { connectionSafeAction as clientAction } from '../utils/form-connection.js';
export {
  checkoutLinks as links,
  checkoutShouldRevalidate as shouldRevalidate,
} from '../components/pricing/checkout/checkout-route.js';

export const meta: MetaFunction = () => [{ title: 'Updating subscription · Animata' }];

/** /upgrade/{card|paypal}/{monthly|annual}/{product}: the 'Updating subscription' dialog. */
export const loader = checkoutLoader('upgrade');
export const action = checkoutRouteAction('upgrade');
export default CheckoutRoute;
