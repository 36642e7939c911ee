import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Why customers cancel their renewal (billing-teams-apps §3 cancel reasons: 1–8, 0 with text). */
export class CancelReasons1795700100000 implements MigrationInterface {
  name = 'CancelReasons1795700100000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE subscription_cancellations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        subscription_external_id varchar(128) NOT NULL,
        reason_code smallint NOT NULL CHECK (reason_code BETWEEN 0 AND 8),
        reason_text varchar(1000),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX subscription_cancellations_customer_idx ON subscription_cancellations (customer_id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE subscription_cancellations`);
  }
}
