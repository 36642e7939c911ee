import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../common/tokens.js';

/** A billing_products row. */
export interface ProductRecord {
  name: string;
  accessLevel: number | null;
  title: string;
  shortDescription: string;
  position: number;
}

/** A billing_plans row; prices in cents per month (team: for the 3 included seats). */
export interface PlanRecord {
  id: string;
  product: string;
  period: 'monthly' | 'quarterly' | 'annual';
  months: 1 | 3 | 12;
  monthlyPriceCents: number;
  originalPriceCents: number;
  seatsPlanId: string | null;
  purchasable: boolean;
}

/** A coupons row as pricing applies it. */
export interface CouponRecord {
  code: string;
  type: 'percent' | 'amount';
  /** Percent 1–100, or cents. */
  discount: number;
  expiresAt: Date | null;
  limitation: 'starter' | 'pro' | 'team' | null;
  customDesign: string | null;
  isSiteCoupon: boolean;
  /** How many payments may use it; null for no limit. */
  maxRedemptions: number | null;
  /** Payments that used it or are using it (a 3-D Secure one under way). */
  redemptions: number;
}

interface CouponRow {
  code: string;
  type: 'percent' | 'amount';
  discount: number;
  expires_at: Date | null;
  limitation: CouponRecord['limitation'];
  custom_design: string | null;
  is_site_coupon: boolean;
  max_redemptions: number | null;
  redemptions: number;
}

const toCoupon = (row: CouponRow): CouponRecord => ({
  code: row.code,
  type: row.type,
  discount: row.discount,
  expiresAt: row.expires_at,
  limitation: row.limitation,
  customDesign: row.custom_design,
  isSiteCoupon: row.is_site_coupon,
  maxRedemptions: row.max_redemptions,
  redemptions: row.redemptions,
});

const COUPON_COLUMNS =
  'code, type, discount, expires_at, limitation, custom_design, is_site_coupon, max_redemptions, redemptions';

/** Reads the catalog (products, plans, coupons); the Billing migration seeds it. */
@Injectable()
export class CatalogRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async products(): Promise<ProductRecord[]> {
    const rows: Array<{
      name: string;
      access_level: number | null;
      title: string;
      short_description: string;
      position: number;
    }> = await this.dataSource.query(
      `SELECT name, access_level, title, short_description, position
       FROM billing_products ORDER BY position`,
    );
    return rows.map((row) => ({
      name: row.name,
      accessLevel: row.access_level,
      title: row.title,
      shortDescription: row.short_description,
      position: row.position,
    }));
  }

  async plans(): Promise<PlanRecord[]> {
    const rows: Array<{
      id: string;
      product: string;
      period: PlanRecord['period'];
      months: PlanRecord['months'];
      monthly_price_cents: number;
      original_price_cents: number;
      seats_plan_id: string | null;
      purchasable: boolean;
    }> = await this.dataSource.query(
      `SELECT id, product, period, months, monthly_price_cents, original_price_cents,
         seats_plan_id, purchasable
       FROM billing_plans ORDER BY product, months`,
    );
    return rows.map((row) => ({
      id: row.id,
      product: row.product,
      period: row.period,
      months: row.months,
      monthlyPriceCents: row.monthly_price_cents,
      originalPriceCents: row.original_price_cents,
      seatsPlanId: row.seats_plan_id,
      purchasable: row.purchasable,
    }));
  }

  /** A coupon by its code (case-insensitive), whatever its expiry. */
  async couponByCode(code: string): Promise<CouponRecord | null> {
    const rows: CouponRow[] = await this.dataSource.query(
      `SELECT ${COUPON_COLUMNS} FROM coupons WHERE lower(code) = lower($1)`,
      [code],
    );
    return rows[0] ? toCoupon(rows[0]) : null;
  }

  async siteCoupon(): Promise<CouponRecord | null> {
    const rows: CouponRow[] = await this.dataSource.query(
      `SELECT ${COUPON_COLUMNS} FROM coupons WHERE is_site_coupon`,
    );
    return rows[0] ? toCoupon(rows[0]) : null;
  }
}
