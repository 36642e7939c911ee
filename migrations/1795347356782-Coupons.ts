import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Coupons; at most one is the site coupon that the sign-in pages advertise. */
export class Coupons1795347356782 implements MigrationInterface {
  name = 'Coupons1795347356782';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE coupons (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code varchar(64) NOT NULL,
        type varchar(16) NOT NULL CHECK (type IN ('percent', 'amount')),
        -- Percent: 1 to 100. Amount: cents.
        discount integer NOT NULL CHECK (discount > 0),
        expires_at timestamptz,
        limitation varchar(16) CHECK (limitation IN ('starter', 'pro', 'team')),
        original_price_cents integer,
        custom_design varchar(32),
        is_site_coupon boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT coupons_percent_range CHECK (type <> 'percent' OR discount <= 100)
      )`);
    await db.query(`CREATE UNIQUE INDEX coupons_code_key ON coupons (lower(code))`);
    await db.query(
      `CREATE UNIQUE INDEX coupons_one_site_coupon ON coupons (is_site_coupon) WHERE is_site_coupon`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE coupons`);
  }
}
