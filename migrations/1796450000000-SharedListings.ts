import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lists of projects shared with a customer (Shared with me) and with a team (the team view
 * /team/{team}), kept by the database (issue 31; decision
 * 253). Computing a customer's shared projects on every request (a recursive
 * walk of the shared folders, their projects, the direct grants, then a sort of the union) costs
 * a sort of every shared project per page: 10,000 of them made a page cost ~10 ms against the
 * owner list's ~0.1 ms. Here every (customer, project) pair the customer may read through a
 * share is one row carrying the sort keys, so a page is one ordered read of an index, like the
 * owner's list, and the total is one counter row.
 *
 * - shared_projects: a customer's projects shared with them by others: direct project_shares
 *   grants and projects in folders with label_shares grants at ANY depth above them
 *   (labels.parent_id); the most generous access wins; never a demo, never their own.
 * - team_projects: projects shared with a team directly (team_shares.project_id).
 * - shared_counts: how many rows each customer (or team) has in those tables.
 *
 * Triggers keep them: a grant made, changed or removed; a folder moved; a project created,
 * moved, renamed, saved or deleted. Each recomputes the pairs of the projects (or the customer)
 * concerned from the grants, set-based, so a missed case heals at the next change of the same
 * project. shared_grants_of_projects() and shared_grants_of_customers() are the definition of
 * inheritance here (one walk up, one walk down); it matches
 * the access layer's (project_shares, label_shares at any depth above).
 */
export class SharedListings1796450000000 implements MigrationInterface {
  name = 'SharedListings1796450000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE shared_projects (
        customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        project_id char(32) NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        access varchar(8) NOT NULL CHECK (access IN ('view', 'edit')),
        updated_at timestamptz NOT NULL,
        title varchar(64) NOT NULL,
        PRIMARY KEY (customer_id, project_id)
      )`);
    await db.query(`CREATE INDEX shared_projects_project_idx ON shared_projects (project_id)`);
    await db.query(
      `CREATE INDEX shared_projects_updated_idx ON shared_projects (customer_id, updated_at DESC, project_id DESC)`,
    );
    await db.query(
      `CREATE INDEX shared_projects_title_idx ON shared_projects (customer_id, lower(title), project_id)`,
    );
    await db.query(`
      CREATE TABLE team_projects (
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        project_id char(32) NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        updated_at timestamptz NOT NULL,
        title varchar(64) NOT NULL,
        PRIMARY KEY (team_id, project_id)
      )`);
    await db.query(`CREATE INDEX team_projects_project_idx ON team_projects (project_id)`);
    await db.query(
      `CREATE INDEX team_projects_updated_idx ON team_projects (team_id, updated_at DESC, project_id DESC)`,
    );
    await db.query(
      `CREATE INDEX team_projects_title_idx ON team_projects (team_id, lower(title), project_id)`,
    );
    // A customer's or a team's count (their ids never collide: both are random UUIDs).
    await db.query(`
      CREATE TABLE shared_counts (
        grantee_id uuid PRIMARY KEY,
        projects_count integer NOT NULL DEFAULT 0
      )`);

    // The counters, once per statement.
    for (const [table, key] of [
      ['shared_projects', 'customer_id'],
      ['team_projects', 'team_id'],
    ]) {
      await db.query(`
        CREATE FUNCTION ${table}_count_in() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO shared_counts AS c (grantee_id, projects_count)
          SELECT ${key}, count(*) FROM new_rows GROUP BY ${key}
          ON CONFLICT (grantee_id) DO UPDATE SET projects_count = c.projects_count + EXCLUDED.projects_count;
          RETURN NULL;
        END $$`);
      await db.query(`
        CREATE FUNCTION ${table}_count_out() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE shared_counts c SET projects_count = c.projects_count - o.n
            FROM (SELECT ${key} AS id, count(*)::int AS n FROM old_rows GROUP BY ${key}) o
           WHERE c.grantee_id = o.id;
          RETURN NULL;
        END $$`);
      await db.query(`
        CREATE TRIGGER ${table}_count_in AFTER INSERT ON ${table}
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_count_in()`);
      await db.query(`
        CREATE TRIGGER ${table}_count_out AFTER DELETE ON ${table}
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_count_out()`);
    }

    // Who may read these projects through a share, and how (the inheritance's one definition):
    // direct grants and folder grants at any depth above; the most generous access wins.
    await db.query(`
      CREATE FUNCTION shared_grants_of_projects(ids text[])
      RETURNS TABLE (customer_id uuid, project_id char(32), access varchar(8),
                     updated_at timestamptz, title varchar(64))
      LANGUAGE sql STABLE AS $$
        WITH RECURSIVE up (project_id, label_id) AS (
          SELECT p.id, p.label_id FROM projects p
           WHERE p.id = ANY (ids::bpchar[]) AND p.label_id IS NOT NULL AND NOT p.is_demo
          UNION ALL
          SELECT up.project_id, l.parent_id FROM up JOIN labels l ON l.id = up.label_id
           WHERE l.parent_id IS NOT NULL
        ), grants AS (
          SELECT up.project_id, ls.customer_id, ls.access
            FROM up JOIN label_shares ls ON ls.label_id = up.label_id
          UNION ALL
          SELECT ps.project_id, ps.customer_id, ps.access FROM project_shares ps
           WHERE ps.project_id = ANY (ids::bpchar[])
        )
        SELECT g.customer_id, g.project_id,
               (CASE WHEN bool_or(g.access = 'edit') THEN 'edit' ELSE 'view' END)::varchar(8),
               min(p.updated_at), min(p.title)::varchar(64)
          FROM grants g JOIN projects p ON p.id = g.project_id
         WHERE NOT p.is_demo AND p.owner_id <> g.customer_id
         GROUP BY g.customer_id, g.project_id
      $$`);
    // The same, by customer (a folder grant reaches thousands of projects at once).
    await db.query(`
      CREATE FUNCTION shared_grants_of_customers(ids uuid[])
      RETURNS TABLE (customer_id uuid, project_id char(32), access varchar(8),
                     updated_at timestamptz, title varchar(64))
      LANGUAGE sql STABLE AS $$
        WITH RECURSIVE down (label_id, customer_id, access) AS (
          SELECT ls.label_id, ls.customer_id, ls.access FROM label_shares ls
           WHERE ls.customer_id = ANY (ids)
          UNION ALL
          SELECT l.id, down.customer_id, down.access
            FROM down JOIN labels l ON l.parent_id = down.label_id
        ), grants AS (
          SELECT p.id AS project_id, down.customer_id, down.access
            FROM down JOIN projects p ON p.label_id = down.label_id
          UNION ALL
          SELECT ps.project_id, ps.customer_id, ps.access FROM project_shares ps
           WHERE ps.customer_id = ANY (ids)
        )
        SELECT g.customer_id, g.project_id,
               (CASE WHEN bool_or(g.access = 'edit') THEN 'edit' ELSE 'view' END)::varchar(8),
               min(p.updated_at), min(p.title)::varchar(64)
          FROM grants g JOIN projects p ON p.id = g.project_id
         WHERE NOT p.is_demo AND p.owner_id <> g.customer_id
         GROUP BY g.customer_id, g.project_id
      $$`);
    // Bring the rows of these projects, or of these customers, in line with their grants.
    // (Project ids compare as char(32): `= ANY (text[])` would cast the column and miss its index.)
    for (const [by, type, column, cast] of [
      ['projects', 'text[]', 'project_id', '::bpchar[]'],
      ['customers', 'uuid[]', 'customer_id', ''],
    ]) {
      await db.query(`
        CREATE FUNCTION shared_projects_of_${by}(ids ${type}) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
          DELETE FROM shared_projects s
           WHERE s.${column} = ANY (ids${cast})
             AND NOT EXISTS (SELECT 1 FROM shared_grants_of_${by}(ids) w
                              WHERE w.customer_id = s.customer_id AND w.project_id = s.project_id);
          INSERT INTO shared_projects AS s (customer_id, project_id, access, updated_at, title)
          SELECT * FROM shared_grants_of_${by}(ids)
          ON CONFLICT (customer_id, project_id) DO UPDATE
            SET access = EXCLUDED.access, updated_at = EXCLUDED.updated_at, title = EXCLUDED.title
            WHERE (s.access, s.updated_at, s.title)
                  IS DISTINCT FROM (EXCLUDED.access, EXCLUDED.updated_at, EXCLUDED.title);
        END $$`);
    }

    // Grants: a project's grant recomputes that project; a folder's, that customer.
    await db.query(`
      CREATE FUNCTION project_shares_keep_listing() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          PERFORM shared_projects_of_projects(ARRAY[OLD.project_id::text]);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          PERFORM shared_projects_of_projects(ARRAY[NEW.project_id::text]);
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER project_shares_keep_listing AFTER INSERT OR UPDATE OR DELETE ON project_shares
      FOR EACH ROW EXECUTE FUNCTION project_shares_keep_listing()`);
    await db.query(`
      CREATE FUNCTION label_shares_keep_listing() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          PERFORM shared_projects_of_customers(ARRAY[OLD.customer_id]);
        END IF;
        IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.customer_id <> OLD.customer_id) THEN
          PERFORM shared_projects_of_customers(ARRAY[NEW.customer_id]);
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER label_shares_keep_listing AFTER INSERT OR UPDATE OR DELETE ON label_shares
      FOR EACH ROW EXECUTE FUNCTION label_shares_keep_listing()`);

    // A folder moved under another: the projects of its subtree.
    await db.query(`
      CREATE FUNCTION labels_keep_listing() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM shared_projects_of_projects(ARRAY(
          WITH RECURSIVE sub (id) AS (
            SELECT NEW.id UNION ALL SELECT l.id FROM labels l JOIN sub ON l.parent_id = sub.id)
          SELECT p.id::text FROM projects p JOIN sub ON p.label_id = sub.id));
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER labels_keep_listing AFTER UPDATE OF parent_id ON labels
      FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id)
      EXECUTE FUNCTION labels_keep_listing()`);

    // Projects: created in or moved to a folder recomputes; a save or a rename moves the keys.
    await db.query(`
      CREATE FUNCTION projects_keep_listing() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' OR NEW.label_id IS DISTINCT FROM OLD.label_id THEN
          PERFORM shared_projects_of_projects(ARRAY[NEW.id::text]);
        ELSE
          UPDATE shared_projects SET updated_at = NEW.updated_at, title = NEW.title
           WHERE project_id = NEW.id;
        END IF;
        IF TG_OP = 'UPDATE' THEN
          UPDATE team_projects SET updated_at = NEW.updated_at, title = NEW.title
           WHERE project_id = NEW.id;
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER projects_keep_listing_insert AFTER INSERT ON projects
      FOR EACH ROW WHEN (NEW.label_id IS NOT NULL AND NOT NEW.is_demo)
      EXECUTE FUNCTION projects_keep_listing()`);
    await db.query(`
      CREATE TRIGGER projects_keep_listing_update AFTER UPDATE OF label_id, updated_at, title ON projects
      FOR EACH ROW WHEN (OLD.label_id IS DISTINCT FROM NEW.label_id
                         OR OLD.updated_at IS DISTINCT FROM NEW.updated_at
                         OR OLD.title IS DISTINCT FROM NEW.title)
      EXECUTE FUNCTION projects_keep_listing()`);

    // A team's direct project grants.
    await db.query(`
      CREATE FUNCTION team_shares_keep_listing() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.project_id IS NOT NULL THEN
          DELETE FROM team_projects WHERE team_id = OLD.team_id AND project_id = OLD.project_id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.project_id IS NOT NULL THEN
          INSERT INTO team_projects (team_id, project_id, updated_at, title)
          SELECT NEW.team_id, p.id, p.updated_at, p.title FROM projects p
           WHERE p.id = NEW.project_id AND NOT p.is_demo
          ON CONFLICT DO NOTHING;
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER team_shares_keep_listing AFTER INSERT OR UPDATE OR DELETE ON team_shares
      FOR EACH ROW EXECUTE FUNCTION team_shares_keep_listing()`);

    // What exists already.
    await db.query(`
      SELECT shared_projects_of_customers(ARRAY(
        SELECT customer_id FROM label_shares UNION SELECT customer_id FROM project_shares))`);
    await db.query(`
      INSERT INTO team_projects (team_id, project_id, updated_at, title)
      SELECT ts.team_id, p.id, p.updated_at, p.title
        FROM team_shares ts JOIN projects p ON p.id = ts.project_id WHERE NOT p.is_demo
      ON CONFLICT DO NOTHING`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER team_shares_keep_listing ON team_shares`);
    await db.query(`DROP TRIGGER projects_keep_listing_update ON projects`);
    await db.query(`DROP TRIGGER projects_keep_listing_insert ON projects`);
    await db.query(`DROP TRIGGER labels_keep_listing ON labels`);
    await db.query(`DROP TRIGGER label_shares_keep_listing ON label_shares`);
    await db.query(`DROP TRIGGER project_shares_keep_listing ON project_shares`);
    await db.query(`DROP FUNCTION team_shares_keep_listing()`);
    await db.query(`DROP FUNCTION projects_keep_listing()`);
    await db.query(`DROP FUNCTION labels_keep_listing()`);
    await db.query(`DROP FUNCTION label_shares_keep_listing()`);
    await db.query(`DROP FUNCTION project_shares_keep_listing()`);
    await db.query(`DROP FUNCTION shared_projects_of_customers(uuid[])`);
    await db.query(`DROP FUNCTION shared_projects_of_projects(text[])`);
    await db.query(`DROP FUNCTION shared_grants_of_customers(uuid[])`);
    await db.query(`DROP FUNCTION shared_grants_of_projects(text[])`);
    await db.query(`DROP TABLE shared_counts`);
    await db.query(`DROP TABLE team_projects`);
    await db.query(`DROP TABLE shared_projects`);
    for (const table of ['shared_projects', 'team_projects']) {
      await db.query(`DROP FUNCTION ${table}_count_in()`);
      await db.query(`DROP FUNCTION ${table}_count_out()`);
    }
  }
}
