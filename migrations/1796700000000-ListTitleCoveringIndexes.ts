import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The title indexes of the project lists carry the title itself (issue 33), so a page far down a
 * title sort skips its rows in an index-only scan and reads only its own rows from the table
 * (project-list.sql.ts, the keys-first page). PostgreSQL answers `ORDER BY lower(title)` from an
 * index on `lower(title)`, but an index-only scan needs every column the query names, and the
 * query names `title`: without it each skipped row was a heap read (50,000 of them for the middle
 * of 100,000 projects). The date indexes already hold all they need (owner or folder, updated_at,
 * id). Same keys and predicates as before, so every query the old indexes served, these serve.
 *
 * Built CONCURRENTLY under a new name, then swapped, outside a transaction (CONCURRENTLY cannot
 * run in one): a plain DROP INDEX would hold an ACCESS EXCLUSIVE lock on `projects` through both
 * builds, and every list, read and save of a running instance would wait (seconds a million
 * rows). A build interrupted halfway leaves an invalid `…_new` index, dropped on the next try.
 */
export class ListTitleCoveringIndexes1796700000000 implements MigrationInterface {
  name = 'ListTitleCoveringIndexes1796700000000';
  transaction = false;

  async up(db: QueryRunner): Promise<void> {
    await rebuild(db, 'projects_owner_title_idx', OWNER_KEYS, 'INCLUDE (title) WHERE NOT is_demo');
    await rebuild(
      db,
      'projects_label_title_idx',
      LABEL_KEYS,
      'INCLUDE (title) WHERE label_id IS NOT NULL',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await rebuild(db, 'projects_label_title_idx', LABEL_KEYS, 'WHERE label_id IS NOT NULL');
    await rebuild(db, 'projects_owner_title_idx', OWNER_KEYS, 'WHERE NOT is_demo');
  }
}

const OWNER_KEYS = '(owner_id, lower(title), id)';
const LABEL_KEYS = '(label_id, lower(title), id)';

/**
 * Builds `name` anew without blocking reads or writes of `projects`, then takes its place. Inside
 * a transaction (TypeORM's undo wraps `down` in one whatever the flag) it cannot be concurrent.
 */
async function rebuild(db: QueryRunner, name: string, keys: string, rest: string): Promise<void> {
  const concurrently = db.isTransactionActive ? '' : 'CONCURRENTLY';
  await db.query(`DROP INDEX ${concurrently} IF EXISTS ${name}_new`);
  await db.query(`CREATE INDEX ${concurrently} ${name}_new ON projects ${keys} ${rest}`);
  await db.query(`DROP INDEX ${concurrently} IF EXISTS ${name}`);
  await db.query(`ALTER INDEX ${name}_new RENAME TO ${name}`);
}
