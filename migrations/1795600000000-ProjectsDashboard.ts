import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The projects dashboard (issue 17): folders (labels), what a project holds, its preview, and
 * the counters the lists read instead of counting rows on every page.
 *
 * - `labels`: a customer's folder tree; a folder's sub-folders go with it, its projects move out
 *   to All projects (label_id set null).
 * - `projects.data`: `{options, document, definitions}` (libs/contracts project-data.ts).
 * - `project_usage` and `labels.projects_count` are kept by one trigger on `projects`, so every
 *   write path (bulk moves and deletes, folder deletion, customer deletion) keeps them true.
 *   They give the totals of the numbered pages (§9) in O(1); see decision 66.
 * - List indexes: per owner and per folder, by date and by lower-cased title, each ending in the
 *   id so that pages are stable; a trigram index that includes the owner for the search.
 */
export class ProjectsDashboard1795600000000 implements MigrationInterface {
  name = 'ProjectsDashboard1795600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await db.query(`CREATE EXTENSION IF NOT EXISTS btree_gin`);

    await db.query(`
      CREATE TABLE labels (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        parent_id uuid REFERENCES labels (id) ON DELETE CASCADE,
        title varchar(64) NOT NULL,
        projects_count integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT labels_not_own_parent CHECK (parent_id IS DISTINCT FROM id)
      )`);
    await db.query(`CREATE INDEX labels_owner_idx ON labels (owner_id, lower(title), id)`);
    await db.query(
      `CREATE INDEX labels_parent_idx ON labels (parent_id) WHERE parent_id IS NOT NULL`,
    );

    await db.query(`
      ALTER TABLE projects
        ADD COLUMN label_id uuid REFERENCES labels (id) ON DELETE SET NULL,
        ADD COLUMN is_public boolean NOT NULL DEFAULT false,
        ADD COLUMN from_id char(32) REFERENCES projects (id) ON DELETE SET NULL,
        ADD COLUMN data jsonb NOT NULL DEFAULT '{}'::jsonb,
        ADD COLUMN size_bytes integer NOT NULL DEFAULT 0 CHECK (size_bytes >= 0),
        ADD COLUMN preview_key text,
        ADD COLUMN preview_version integer NOT NULL DEFAULT 0,
        ADD COLUMN pending_preview boolean NOT NULL DEFAULT false`);

    await db.query(`DROP INDEX projects_owner_updated_idx`);
    await db.query(
      `CREATE INDEX projects_owner_updated_idx ON projects (owner_id, updated_at DESC, id DESC) WHERE NOT is_demo`,
    );
    await db.query(
      `CREATE INDEX projects_owner_title_idx ON projects (owner_id, lower(title), id) WHERE NOT is_demo`,
    );
    await db.query(
      `CREATE INDEX projects_label_updated_idx ON projects (label_id, updated_at DESC, id DESC) WHERE label_id IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX projects_label_title_idx ON projects (label_id, lower(title), id) WHERE label_id IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX projects_owner_title_trgm_idx ON projects USING gin (owner_id, title gin_trgm_ops) WHERE NOT is_demo`,
    );
    await db.query(`CREATE INDEX projects_demo_idx ON projects (owner_id, from_id) WHERE is_demo`);
    await db.query(
      `CREATE INDEX projects_from_idx ON projects (from_id) WHERE from_id IS NOT NULL`,
    );

    await db.query(`
      CREATE TABLE project_usage (
        owner_id uuid PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
        projects_count integer NOT NULL DEFAULT 0,
        storage_bytes bigint NOT NULL DEFAULT 0
      )`);
    await db.query(`
      INSERT INTO project_usage (owner_id, projects_count, storage_bytes)
      SELECT owner_id, count(*), coalesce(sum(size_bytes), 0) FROM projects WHERE NOT is_demo
      GROUP BY owner_id`);

    // Demo projects count toward neither the slots nor the storage (§3 limits).
    await db.query(`
      CREATE FUNCTION projects_keep_counts() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          IF NOT OLD.is_demo THEN
            UPDATE project_usage
               SET projects_count = projects_count - 1, storage_bytes = storage_bytes - OLD.size_bytes
             WHERE owner_id = OLD.owner_id;
          END IF;
          IF OLD.label_id IS NOT NULL THEN
            UPDATE labels SET projects_count = projects_count - 1 WHERE id = OLD.label_id;
          END IF;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          IF NOT NEW.is_demo THEN
            INSERT INTO project_usage AS u (owner_id, projects_count, storage_bytes)
            VALUES (NEW.owner_id, 1, NEW.size_bytes)
            ON CONFLICT (owner_id) DO UPDATE
              SET projects_count = u.projects_count + 1,
                  storage_bytes = u.storage_bytes + EXCLUDED.storage_bytes;
          END IF;
          IF NEW.label_id IS NOT NULL THEN
            UPDATE labels SET projects_count = projects_count + 1 WHERE id = NEW.label_id;
          END IF;
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER projects_keep_counts
      AFTER INSERT OR DELETE OR UPDATE OF owner_id, label_id, size_bytes, is_demo ON projects
      FOR EACH ROW EXECUTE FUNCTION projects_keep_counts()`);

    // New customers see the welcome screen (§4 Onboarding); those who exist already do not.
    await db.query(`
      ALTER TABLE customers
        ADD COLUMN onboarding_projects boolean NOT NULL DEFAULT false,
        ADD COLUMN onboarding_step smallint NOT NULL DEFAULT 0`);
    await db.query(`ALTER TABLE customers ALTER COLUMN onboarding_projects SET DEFAULT true`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE customers DROP COLUMN onboarding_projects, DROP COLUMN onboarding_step`,
    );
    await db.query(`DROP TRIGGER projects_keep_counts ON projects`);
    await db.query(`DROP FUNCTION projects_keep_counts()`);
    await db.query(`DROP TABLE project_usage`);
    await db.query(`DROP INDEX projects_from_idx`);
    await db.query(`DROP INDEX projects_demo_idx`);
    await db.query(`DROP INDEX projects_owner_title_trgm_idx`);
    await db.query(`DROP INDEX projects_label_title_idx`);
    await db.query(`DROP INDEX projects_label_updated_idx`);
    await db.query(`DROP INDEX projects_owner_title_idx`);
    await db.query(`DROP INDEX projects_owner_updated_idx`);
    await db.query(
      `CREATE INDEX projects_owner_updated_idx ON projects (owner_id, updated_at DESC, id)`,
    );
    await db.query(`
      ALTER TABLE projects
        DROP COLUMN pending_preview, DROP COLUMN preview_version, DROP COLUMN preview_key,
        DROP COLUMN size_bytes, DROP COLUMN data, DROP COLUMN from_id, DROP COLUMN is_public,
        DROP COLUMN label_id`);
    await db.query(`DROP TABLE labels`);
  }
}
