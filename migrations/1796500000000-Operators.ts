import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operators (issue 32): the customers who may open the queue dashboard at /admin/queues, granted
 * by `npm run operators` as the developer grant is by `npm run developers`. One row per operator:
 * 'support' looks, 'admin' may also retry, promote and remove jobs. A customer deleted takes
 * the grant along.
 */
export class Operators1796500000000 implements MigrationInterface {
  name = 'Operators1796500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE operators (
        customer_id uuid PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('support', 'admin')),
        granted_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE operators`);
  }
}
