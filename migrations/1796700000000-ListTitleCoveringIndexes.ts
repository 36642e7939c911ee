import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The title indexes of the project lists carry the title itself (issue 33), so a page far down a
 * title sort skips its rows in an index-only scan and reads only its own rows from the table
 * (project-list.sql.ts, the keys-first page). PostgreSQL answers `ORDER BY lower(title)` from an
 * index on `lower(title)`, but an index-only scan needs every column the query names, and the
 * query names `title`: without it each skipped row was a heap read (50,000 of them for the middle
 * of 100,000 projects). The date indexes already hold all they need (owner or folder, updated_at,
 * id). Same keys and predicates as before, so every query the old indexes served, these serve.
 */
export class ListTitleCoveringIndexes1796700000000 implements MigrationInterface {
  name = 'ListTitleCoveringIndexes1796700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX projects_owner_title_idx`);
    await db.query(
      `CREATE INDEX projects_owner_title_idx ON projects (owner_id, lower(title), id) INCLUDE (title) WHERE NOT is_demo`,
    );
    await db.query(`DROP INDEX projects_label_title_idx`);
    await db.query(
      `CREATE INDEX projects_label_title_idx ON projects (label_id, lower(title), id) INCLUDE (title) WHERE label_id IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX projects_label_title_idx`);
    await db.query(
      `CREATE INDEX projects_label_title_idx ON projects (label_id, lower(title), id) WHERE label_id IS NOT NULL`,
    );
    await db.query(`DROP INDEX projects_owner_title_idx`);
    await db.query(
      `CREATE INDEX projects_owner_title_idx ON projects (owner_id, lower(title), id) WHERE NOT is_demo`,
    );
  }
}
