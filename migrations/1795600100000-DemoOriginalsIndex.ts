import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The demo originals (`is_demo AND from_id IS NULL`, a handful of rows) get an index of their
 * own. Without it the demo folder's count in every folder tree (GET customer/labels) read the
 * whole projects table, and the demo folder's list read every customer's changed demo copies
 * in projects_demo_idx (its leading column is the owner, unknown for the originals): both grew
 * with the customers instead of staying at the handful of originals.
 */
export class DemoOriginalsIndex1795600100000 implements MigrationInterface {
  name = 'DemoOriginalsIndex1795600100000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX projects_demo_originals_idx ON projects (owner_id) WHERE is_demo AND from_id IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX projects_demo_originals_idx`);
  }
}
