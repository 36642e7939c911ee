import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What an invoice's PDF needs, kept with the invoice when it is stored (issue 30,
 * billing-teams-apps §2 Invoices page, §7): its lines (plan, seats, proration, coupon; cents,
 * description, period) as the gateway reported them, subtotal, discount, currency, the plan, and
 * the customer's name, e-mail and billing info as they were then, so a later change of billing
 * info shows on the invoices issued after it and never rewrites older ones. An invoice is a
 * document that never changes: its lines are one jsonb value, not rows of their own.
 * Older rows get their total as subtotal, no lines, and the customer as they are now.
 */
export class InvoiceDocuments1796200000000 implements MigrationInterface {
  name = 'InvoiceDocuments1796200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE invoices
        ADD COLUMN subtotal_cents integer,
        ADD COLUMN discount_cents integer NOT NULL DEFAULT 0,
        ADD COLUMN currency char(3) NOT NULL DEFAULT 'usd',
        ADD COLUMN plan_id varchar(32) REFERENCES billing_plans(id),
        ADD COLUMN lines jsonb NOT NULL DEFAULT '[]'::jsonb,
        ADD COLUMN customer_name varchar(255) NOT NULL DEFAULT '',
        ADD COLUMN customer_email varchar(254) NOT NULL DEFAULT '',
        ADD COLUMN billing_name varchar(180) NOT NULL DEFAULT '',
        ADD COLUMN billing_details varchar(500) NOT NULL DEFAULT ''`);
    await db.query(`
      UPDATE invoices i SET subtotal_cents = i.total_cents, customer_name = c.name,
        customer_email = c.email,
        billing_name = CASE WHEN c.billing_include THEN c.billing_name ELSE '' END,
        billing_details = CASE WHEN c.billing_include THEN c.billing_details ELSE '' END
      FROM customers c WHERE c.id = i.customer_id`);
    await db.query(`ALTER TABLE invoices ALTER COLUMN subtotal_cents SET NOT NULL`);
    await db.query(`CREATE INDEX invoices_plan_idx ON invoices (plan_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE invoices
        DROP COLUMN subtotal_cents, DROP COLUMN discount_cents, DROP COLUMN currency,
        DROP COLUMN plan_id, DROP COLUMN lines, DROP COLUMN customer_name,
        DROP COLUMN customer_email, DROP COLUMN billing_name, DROP COLUMN billing_details`);
  }
}
