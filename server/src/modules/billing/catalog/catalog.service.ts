import { Inject, Injectable } from '@nestjs/common';
import {
  ACCESS_LEVELS,
  isProductName,
  type PayablePeriod,
  type CouponRefusal,
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
import { chooseCoupon, couponRefusalFor, cyclePrice, dollars, planCoupon } from './pricing.js';

/** What one purchase costs for its first billing cycle, in cents. */
export interface Quote {
  plan: PlanRecord;
  product: ProductRecord;
  seatsPlan: PlanRecord | null;
  extraSlots: number;
  coupon: CouponRecord | null;
  /** Why the code asked for takes nothing off (expired, used up, another plan, unknown). */
  couponRefusal: CouponRefusal | null;
  amountCents: number;
  amountOriginalCents: number;
}

/** The code asked for, its coupon if any, and the coupon prices use (it, or the site coupon). */
interface CouponChoice {
  code: string | null;
  requested: CouponRecord | null;
  chosen: CouponRecord | null;
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
  private async couponFor(
    code: string | null | undefined,
    redemptionHeld = false,
  ): Promise<CouponChoice> {
    const asked = code?.trim() || null;
    const [requested, site] = await Promise.all([
      asked ? this.catalog.couponByCode(asked) : Promise.resolve(null),
      this.catalog.siteCoupon(),
    ]);
    return {
      code: asked,
      requested,
      chosen: chooseCoupon(requested, site, this.clock.now(), redemptionHeld),
    };
  }

  /** Why the code asked for takes nothing off the plan, if it does not (see couponRefusalFor). */
  private refusal(
    choice: CouponChoice,
    plan: PlanRecord,
    products: ProductRecord[],
  ): CouponRefusal | null {
    return couponRefusalFor(
      choice.code,
      choice.requested,
      plan,
      this.clock.now(),
      (name) => products.find((p) => p.name === name)?.title ?? name,
    );
  }

  async prices(couponCode?: string): Promise<PricesResponse> {
    const [products, plans, choice] = await Promise.all([
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
        own[plan.period] = this.toPlan(
          plan,
          product,
          choice.chosen,
          this.refusal(choice, plan, products),
          byId,
        );
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
    refusal: CouponRefusal | null,
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
      coupon_refusal: refusal,
      seats_plan: seats ? { id: seats.id, monthly_price: dollars(seats.monthlyPriceCents) } : null,
    };
  }

  async planById(id: string): Promise<{ plan: PlanRecord; product: ProductRecord } | null> {
    return findPlan(await this.entries(), id);
  }

  /** A coupon by its code, whether it runs or not (what a paid period was bought with). */
  couponByCode(code: string): Promise<CouponRecord | null> {
    return this.catalog.couponByCode(code);
  }

  /** Every product and plan, read once for callers that look up several plans. */
  async entries(): Promise<CatalogEntries> {
    const [products, plans] = await Promise.all([this.catalog.products(), this.catalog.plans()]);
    return { products, plans };
  }

  /**
   * The price of a product's plan for a period, with extra seats (team) and the coupon; null
   * for something that cannot be bought (free, or a plan missing from the catalog).
   * `redemptionHeld`: see chooseCoupon.
   */
  async quote(
    productName: ProductName,
    period: PayablePeriod,
    extraSlots: number,
    couponCode: string | null | undefined,
    redemptionHeld = false,
  ): Promise<Quote | null> {
    const [products, plans, choice] = await Promise.all([
      this.catalog.products(),
      this.catalog.plans(),
      this.couponFor(couponCode, redemptionHeld),
    ]);
    const coupon = choice.chosen;
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
      couponRefusal: this.refusal(choice, plan, products),
      amountCents: price.totalCents + seatsCents,
      amountOriginalCents: price.originalTotalCents + seatsCents,
    };
  }

  /**
   * A plan's first-cycle price by our plan id, with extra seats and the coupon (gateways). The
   * checkout names a coupon only after holding one of its redemptions: its limit is not
   * counted again here.
   */
  async quoteForPlan(
    planId: string,
    extraSlots: number,
    couponCode: string | null,
  ): Promise<Quote | null> {
    const found = await this.planById(planId);
    if (!found || !isProductName(found.plan.product) || found.plan.period === 'quarterly')
      return null;
    return this.quote(found.plan.product, found.plan.period, extraSlots, couponCode, true);
  }
}
