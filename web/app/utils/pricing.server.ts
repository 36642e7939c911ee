import {
  endpoints,
  isPayablePeriod,
  isProductName,
  type AccountLinks,
  type PricesQuery,
  type Customer,
  type PayablePeriod,
  type Product,
  type ProductName,
  type SiteCoupon,
} from '@animata/contracts';
import { redirect, type AppLoadContext } from '@remix-run/node';
import { api } from './api.server.js';
import { redirectIfIncomplete } from './auth.server.js';
import { defaultPeriod, pricingHref } from '../components/pricing/pricing-query.js';

/** What the pricing page (and the checkout dialogs drawn over it) render from. */
export interface PricingData {
  /** The plan columns, free to team; empty when the prices call failed or listed none. */
  products: Product[];
  /** The signed-in customer, or null for a visitor. */
  customer: Customer | null;
  /** Where 'Go to editor' leads; null for a visitor. */
  links: AccountLinks | null;
  /** The period shown: `plan` from the query, else monthly for a paid monthly plan, else annual. */
  period: PayablePeriod;
  /** The product named in the query (`product`), marked on the page. */
  product: ProductName | null;
  /** The `coupon` query, passed on to the prices call and every checkout link. */
  coupon: string | null;
  /** The `payment` query ('success' or 'error' after a checkout), else null. */
  payment: string | null;
  /** The promo banner: the site coupon when it has a custom design. */
  promo: SiteCoupon | null;
}

/**
 * The pricing page's data: the products of `GET /pricing/prices` with the `coupon` query passed
 * on, the customer object (null for a visitor) and the chosen period. A `plan` or `product` the
 * page does not know redirects to /pricing with the parameters it does know (the coupon kept).
 */
export async function loadPricing(request: Request, context: AppLoadContext): Promise<PricingData> {
  const url = new URL(request.url);
  const query = url.searchParams;
  const coupon = query.get('coupon')?.trim() || null;
  const plan = query.get('plan');
  const product = query.get('product');
  const payment = query.get('payment') || null;
  if ((plan !== null && !isPayablePeriod(plan)) || (product !== null && !isProductName(product))) {
    throw redirect(
      pricingHref({
        coupon,
        plan: isPayablePeriod(plan) ? plan : null,
        product: isProductName(product) ? product : null,
        payment,
      }),
    );
  }

  const client = api(request, context);
  const session = await redirectIfIncomplete(request, context);
  const [prices, account, site] = await Promise.all([
    client.call(endpoints.pricing.prices, undefined, {
      query: { coupon: coupon ?? undefined } satisfies PricesQuery,
    }),
    session ? client.call(endpoints.customer.get) : null,
    session ? null : client.call(endpoints.coupons.site),
  ]);
  const customer = account?.ok ? account.data.customer : null;
  const links = account?.ok ? account.data.links : null;
  const products = prices.ok && Array.isArray(prices.data.products) ? prices.data.products : [];
  const siteCoupon = customer ? customer.defaultCoupon : site?.ok ? site.data.coupon : null;

  return {
    products: [...products].sort((a, b) => a.access_level - b.access_level),
    customer,
    links,
    period: plan ?? defaultPeriod(customer),
    product: product as ProductName | null,
    coupon,
    payment,
    promo: siteCoupon && siteCoupon.customDesign !== '' ? siteCoupon : null,
  };
}
