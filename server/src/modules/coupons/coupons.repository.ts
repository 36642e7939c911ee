import { Inject, Injectable } from '@nestjs/common';
import type { CouponDesign, SiteCoupon } from '@animata/contracts';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../common/tokens.js';
import { queryRows } from '../../database/sql.js';

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
}
