import { Inject, Injectable } from '@nestjs/common';
import type { CouponDesign, SiteCoupon } from '@animata/contracts';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../common/tokens.js';
import { queryRows } from '../../database/sql.js';

/** A coupon as operators see it (npm run coupons). */
export interface CouponSummary {
  code: string;
  type: 'percent' | 'amount';
  /** Percent (1–100) or cents. */
  discount: number;
  limitation: SiteCoupon['limitation'];
  expiresAt: Date | null;
  maxRedemptions: number | null;
  redemptions: number;
}

/** What an operator changes on a code; a field left out stays as it is, null removes it. */
export interface CouponLimits {
  maxRedemptions?: number | null;
  expiresAt?: Date | null;
}

interface SummaryRow {
  code: string;
  type: 'percent' | 'amount';
  discount: number;
  limitation: SiteCoupon['limitation'];
  expires_at: Date | null;
  max_redemptions: number | null;
  redemptions: number;
}

const SUMMARY_COLUMNS =
  'code, type, discount, limitation, expires_at, max_redemptions, redemptions';

const toSummary = (row: SummaryRow): CouponSummary => ({
  code: row.code,
  type: row.type,
  discount: row.discount,
  limitation: row.limitation,
  expiresAt: row.expires_at,
  maxRedemptions: row.max_redemptions,
  redemptions: row.redemptions,
});

interface Row {
  code: string;
  type: 'percent' | 'amount';
  discount: number;
  expires_at: Date | null;
  limitation: SiteCoupon['limitation'];
  original_price_cents: number | null;
  custom_design: string | null;
}

@Injectable()
export class CouponsRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** The site coupon if it has not expired. */
  async findSiteCoupon(now: Date): Promise<SiteCoupon | null> {
    const rows = await queryRows<Row>(
      this.dataSource,
      `SELECT code, type, discount, expires_at, limitation, original_price_cents, custom_design
       FROM coupons WHERE is_site_coupon AND (expires_at IS NULL OR expires_at > $1)`,
      [now],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      code: row.code,
      type: row.type,
      discount: row.discount,
      expires: row.expires_at ? row.expires_at.toISOString() : null,
      limitation: row.limitation,
      originalPriceCents: row.original_price_cents,
      customDesign: (row.custom_design ?? '') as CouponDesign,
    };
  }

  /** Every coupon, by code, for the operator's list. */
  async list(): Promise<CouponSummary[]> {
    const rows = await queryRows<SummaryRow>(
      this.dataSource,
      `SELECT ${SUMMARY_COLUMNS} FROM coupons ORDER BY lower(code)`,
    );
    return rows.map(toSummary);
  }

  /**
   * Sets a code's redemption limit and expiry (the operator's command); null when no coupon
   * has the code. The counter of redemptions so far stays: a limit below it stops the code.
   */
  async setLimits(code: string, limits: CouponLimits): Promise<CouponSummary | null> {
    const rows = await queryRows<SummaryRow>(
      this.dataSource,
      `UPDATE coupons SET
         max_redemptions = CASE WHEN $2 THEN $3::integer ELSE max_redemptions END,
         expires_at = CASE WHEN $4 THEN $5::timestamptz ELSE expires_at END
       WHERE lower(code) = lower($1)
       RETURNING ${SUMMARY_COLUMNS}`,
      [
        code,
        limits.maxRedemptions !== undefined,
        limits.maxRedemptions ?? null,
        limits.expiresAt !== undefined,
        limits.expiresAt ?? null,
      ],
    );
    return rows[0] ? toSummary(rows[0]) : null;
  }
}
