import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sharing (issue 31; projects-dashboard §2-§7). Grants of view or edit to a customer on a
 * project or a folder; a folder's grant reaches everything inside it at any depth (read through
 * labels.parent_id). Grants to teams are team_shares (issue 30). An invite to an address without
 * an account waits in share_invites until it is accepted (then it becomes a grant) or refused.
 * A project's public link may expire and may ask for a password (ours, beyond the spec).
 */
export class Sharing1796400000000 implements MigrationInterface {
  name = 'Sharing1796400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE project_shares (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id char(32) NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        access varchar(8) NOT NULL DEFAULT 'view' CHECK (access IN ('view', 'edit')),
        created_by uuid REFERENCES customers (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (project_id, customer_id)
      )`);
    await db.query(`CREATE INDEX project_shares_customer_idx ON project_shares (customer_id)`);
    await db.query(`
      CREATE TABLE label_shares (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        label_id uuid NOT NULL REFERENCES labels (id) ON DELETE CASCADE,
        customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        access varchar(8) NOT NULL DEFAULT 'view' CHECK (access IN ('view', 'edit')),
        created_by uuid REFERENCES customers (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (label_id, customer_id)
      )`);
    await db.query(`CREATE INDEX label_shares_customer_idx ON label_shares (customer_id)`);
    await db.query(`
      CREATE TABLE share_invites (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id char(32) REFERENCES projects (id) ON DELETE CASCADE,
        label_id uuid REFERENCES labels (id) ON DELETE CASCADE,
        inviter_id uuid REFERENCES customers (id) ON DELETE SET NULL,
        recipient_email varchar(254) NOT NULL,
        grant_access varchar(8) NOT NULL DEFAULT 'view' CHECK (grant_access IN ('view', 'edit')),
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'refused')),
        -- SHA-256 of the mailed link's token (hex); the token itself is never stored.
        token_hash char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((project_id IS NULL) <> (label_id IS NULL))
      )`);
    await db.query(
      `CREATE UNIQUE INDEX share_invites_project_email ON share_invites (project_id, lower(recipient_email)) WHERE project_id IS NOT NULL`,
    );
    await db.query(
      `CREATE UNIQUE INDEX share_invites_label_email ON share_invites (label_id, lower(recipient_email)) WHERE label_id IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX share_invites_email_idx ON share_invites (lower(recipient_email))`,
    );
    await db.query(`ALTER TABLE projects ADD COLUMN public_expires_at timestamptz`);
    await db.query(`ALTER TABLE projects ADD COLUMN public_password_hash text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE projects DROP COLUMN public_password_hash`);
    await db.query(`ALTER TABLE projects DROP COLUMN public_expires_at`);
    await db.query(`DROP TABLE share_invites`);
    await db.query(`DROP TABLE label_shares`);
    await db.query(`DROP TABLE project_shares`);
  }
}
