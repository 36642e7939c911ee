import { Inject, Injectable } from '@nestjs/common';
import {
  ACCESS_LEVELS,
  isProductName,
  type PayablePeriod,
  type Plan,
  type PricesResponse,
  type Product,
  type ProductName,
} from '@animata/contracts';
import type { Clock } from '../../../common/clock.js';
import { CLOCK } from '../../../common/tokens.js';
import {
  CatalogRepository,
  type CouponRecord,
  type PlanRecord,
  type ProductRecord,
} from './catalog.repository.js';
import { chooseCoupon, cyclePrice, dollars, planCoupon } from './pricing.js';

/** What one purchase costs for its first billing cycle, in cents. */
export interface Quote {
  plan: PlanRecord;
  product: ProductRecord;
  seatsPlan: PlanRecord | null;
  extraSlots: number;
  coupon: CouponRecord | null;
  amountCents: number;
  amountOriginalCents: number;
}

/** The catalog of plans and prices, coupons applied (billing-teams-apps §1, §3). */
/** The catalog's rows, as CatalogService.entries reads them. */
export interface CatalogEntries {
  products: ProductRecord[];
  plans: PlanRecord[];
}

/** A plan and its product among the catalog's rows, or null. */
export function findPlan(
  entries: CatalogEntries,
  id: string,
): { plan: PlanRecord; product: ProductRecord } | null {
  const plan = entries.plans.find((p) => p.id === id);
  const product = plan && entries.products.find((p) => p.name === plan.product);
  return plan && product ? { plan, product } : null;
}

@Injectable()
export class CatalogService {
  constructor(
    private readonly catalog: CatalogRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The coupon a request gets: its code if that runs, else the site coupon if any. */
  async couponFor(code: string | null | undefined): Promise<CouponRecord | null> {
    const [requested, site] = await Promise.all([
      code ? this.catalog.couponByCode(code) : Promise.resolve(null),
      this.catalog.siteCoupon(),
    ]);
    return chooseCoupon(requested, site, this.clock.now());
  }

  async prices(couponCode?: string): Promise<PricesResponse> {
    const [products, plans, coupon] = await Promise.all([
      this.catalog.products(),
      this.catalog.plans(),
      this.couponFor(couponCode),
    ]);
    const byId = new Map(plans.map((plan) => [plan.id, plan]));
    const result: Product[] = [];
    for (const product of products) {
      if (!isProductName(product.name)) continue;
      const own: Product['plans'] = {};
      for (const plan of plans.filter((p) => p.product === product.name))
        own[plan.period] = this.toPlan(plan, product, coupon, byId);
      result.push({
        name: product.name,
        access_level: ACCESS_LEVELS[product.name],
        short_description: product.shortDescription,
        plans: own,
      });
    }
    return { products: result };
  }

  private toPlan(
    plan: PlanRecord,
    product: ProductRecord,
    coupon: CouponRecord | null,
    byId: Map<string, PlanRecord>,
  ): Plan {
    const price = cyclePrice(plan, coupon);
    const seats = plan.seatsPlanId ? byId.get(plan.seatsPlanId) : undefined;
    return {
      id: plan.id,
      title: product.title,
      months: plan.months,
      monthly_price: dollars(price.monthlyCents),
      original_price: dollars(plan.originalPriceCents),
      coupon: price.applied && coupon ? planCoupon(coupon) : null,
      seats_plan: seats ? { id: seats.id, monthly_price: dollars(seats.monthlyPriceCents) } : null,
    };
  }

  async planById(id: string): Promise<{ plan: PlanRecord; product: ProductRecord } | null> {
    return findPlan(await this.entries(), id);
  }

  /** Every product and plan, read once for callers that look up several plans. */
  async entries(): Promise<CatalogEntries> {
    const [products, plans] = await Promise.all([this.catalog.products(), this.catalog.plans()]);
    return { products, plans };
  }

  /**
   * The price of a product's plan for a period, with extra seats (team) and the coupon; null
   * for something that cannot be bought (free, or a plan missing from the catalog).
   */
  async quote(
    productName: ProductName,
    period: PayablePeriod,
    extraSlots: number,
    couponCode: string | null | undefined,
  ): Promise<Quote | null> {
    const [products, plans, coupon] = await Promise.all([
      this.catalog.products(),
      this.catalog.plans(),
      this.couponFor(couponCode),
    ]);
    const product = products.find((p) => p.name === productName);
    const plan = plans.find((p) => p.product === productName && p.period === period);
    if (!product || !plan || !plan.purchasable || productName === 'free') return null;
    const seatsPlan = plan.seatsPlanId
      ? (plans.find((p) => p.id === plan.seatsPlanId) ?? null)
      : null;
    const slots = seatsPlan ? extraSlots : 0;
    const price = cyclePrice(plan, coupon);
    const seatsCents = seatsPlan ? seatsPlan.monthlyPriceCents * seatsPlan.months * slots : 0;
    return {
      plan,
      product,
      seatsPlan,
      extraSlots: slots,
      coupon: price.applied ? coupon : null,
      amountCents: price.totalCents + seatsCents,
      amountOriginalCents: price.originalTotalCents + seatsCents,
    };
  }

  /** A plan's first-cycle price by our plan id, with extra seats and the coupon (gateways). */
  async quoteForPlan(
    planId: string,
    extraSlots: number,
    couponCode: string | null,
  ): Promise<Quote | null> {
    const found = await this.planById(planId);
    if (!found || !isProductName(found.plan.product) || found.plan.period === 'quarterly')
      return null;
    return this.quote(found.plan.product, found.plan.period, extraSlots, couponCode);
  }
}
