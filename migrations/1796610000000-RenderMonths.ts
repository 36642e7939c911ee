import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The exports a customer started in each calendar month (UTC), for the monthly limit
 * (billing-teams-apps §9 "3 exports a month"; issue 32). Counted here rather than from the
 * renders' rows, because deleting a render must not give its export back: otherwise a free
 * customer could render, delete and render again without end. An abort gives it back (the
 * render never produced a file). Decision 279.
 */
export class RenderMonths1796610000000 implements MigrationInterface {
  name = 'RenderMonths1796610000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE render_months (
        customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        month date NOT NULL,
        started integer NOT NULL DEFAULT 0 CHECK (started >= 0),
        PRIMARY KEY (customer_id, month)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE render_months`);
  }
}
