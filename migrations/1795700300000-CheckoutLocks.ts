import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One money-moving checkout call per customer at a time: a lease row, taken and given back
 * without holding a database connection across the gateway calls (a held connection per
 * paying customer would drain the pool the calls themselves need).
 */
export class CheckoutLocks1795700300000 implements MigrationInterface {
  name = 'CheckoutLocks1795700300000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE billing_checkout_locks (
        customer_id uuid PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
        token uuid NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE billing_checkout_locks`);
  }
}
