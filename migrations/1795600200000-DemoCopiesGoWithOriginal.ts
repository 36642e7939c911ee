import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A demo original that is removed takes the customers' changed copies of it along. `from_id`
 * is ON DELETE SET NULL (right for ordinary copies), and a demo whose `from_id` is null is what
 * the access checks and the demo folder take for an original: without this, one customer's
 * changed copy would become a demo that every customer can list and open.
 */
export class DemoCopiesGoWithOriginal1795600200000 implements MigrationInterface {
  name = 'DemoCopiesGoWithOriginal1795600200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION projects_drop_demo_copies() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM projects WHERE is_demo AND from_id = OLD.id;
        RETURN OLD;
      END $$`);
    await db.query(`
      CREATE TRIGGER projects_drop_demo_copies
      BEFORE DELETE ON projects
      FOR EACH ROW WHEN (OLD.is_demo AND OLD.from_id IS NULL)
      EXECUTE FUNCTION projects_drop_demo_copies()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER projects_drop_demo_copies ON projects`);
    await db.query(`DROP FUNCTION projects_drop_demo_copies()`);
  }
}
