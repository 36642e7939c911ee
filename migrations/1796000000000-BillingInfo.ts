import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The billing info the customer gives for invoices (billing-teams-apps §3 Customer.billing, §5):
 * a name of at most 180 characters and free-form details of at most 500, both trimmed; `include`
 * is true only when a value differs from the account's name or e-mail. Issue 30.
 */
export class BillingInfo1796000000000 implements MigrationInterface {
  name = 'BillingInfo1796000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE customers
        ADD COLUMN billing_name varchar(180) NOT NULL DEFAULT '',
        ADD COLUMN billing_details varchar(500) NOT NULL DEFAULT '',
        ADD COLUMN billing_include boolean NOT NULL DEFAULT false`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE customers
        DROP COLUMN billing_name, DROP COLUMN billing_details, DROP COLUMN billing_include`);
  }
}
