import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Projects whose preview is pending, for the re-queue at start and hourly (issue 28): a partial
 * index, small because a preview is pending only between a change and its thumbnail job.
 */
export class PendingPreviewIndex1795930000000 implements MigrationInterface {
  name = 'PendingPreviewIndex1795930000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX projects_pending_preview_idx ON projects (id) WHERE pending_preview`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX projects_pending_preview_idx`);
  }
}
