import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A payment attempt, written before the gateway is called (issue 28 item 1): what was bought,
 * the idempotency key every gateway call of the attempt derives from, and the gateway's objects
 * as they become known. A process that dies mid-payment leaves it open; a retry or the
 * reconciliation finishes it. One open attempt per customer.
 */
export class PaymentAttempts1795900000000 implements MigrationInterface {
  name = 'PaymentAttempts1795900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE payment_attempts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        gateway text NOT NULL,
        product text NOT NULL,
        plan_id text NOT NULL,
        extra_slots integer NOT NULL DEFAULT 0,
        coupon_code text,
        idempotency_key text NOT NULL UNIQUE,
        state text NOT NULL DEFAULT 'open'
          CHECK (state IN ('open', 'succeeded', 'failed', 'abandoned')),
        source text,
        customer_ref text,
        payment_method_ref text,
        subscription_external_id text,
        invoice_external_id text,
        -- When the customer was told the outcome; null for an attempt a reconciliation ended.
        answered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE UNIQUE INDEX payment_attempts_one_open ON payment_attempts (customer_id)
       WHERE state = 'open'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE payment_attempts`);
  }
}
