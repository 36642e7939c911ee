import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An optional redemption limit per coupon code (issue 28; expiry was already per code). The
 * counter is taken with a conditional UPDATE, so parallel payments cannot pass the limit; each
 * redemption is a row, held while its payment is under way (3-D Secure included) and deleted,
 * giving its count back, when the payment fails.
 */
export class CouponRedemptions1795910000000 implements MigrationInterface {
  name = 'CouponRedemptions1795910000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE coupons
        ADD COLUMN max_redemptions integer CONSTRAINT coupons_max_redemptions_positive
          CHECK (max_redemptions > 0),
        ADD COLUMN redemptions integer NOT NULL DEFAULT 0 CONSTRAINT coupons_redemptions_not_negative
          CHECK (redemptions >= 0)`);
    await db.query(`
      CREATE TABLE coupon_redemptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        coupon_id uuid NOT NULL REFERENCES coupons(id) ON DELETE CASCADE,
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        -- The payment's idempotency key: a retried payment holds the same redemption.
        payment_key varchar(64) NOT NULL UNIQUE,
        status varchar(16) NOT NULL CHECK (status IN ('held', 'redeemed')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX coupon_redemptions_held ON coupon_redemptions (customer_id) WHERE status = 'held'`,
    );
    await db.query(`CREATE INDEX coupon_redemptions_coupon ON coupon_redemptions (coupon_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE coupon_redemptions`);
    await db.query(`ALTER TABLE coupons DROP COLUMN redemptions, DROP COLUMN max_redemptions`);
  }
}
