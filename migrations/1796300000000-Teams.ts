import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Teams (issue 30; billing-teams-apps §3, §4, §6; projects-dashboard §3, §4, §6). A team belongs
 * to the team-plan subscription that pays for it (one team per subscription row: a retried or
 * reconciled payment finds the same row, so it makes one team); its plan state is read from that
 * row, never copied. Seats are the subscription's (3 included plus `extra_slots`);
 * `pending_extra_slots` holds a seat decrease of a gateway that cannot schedule one (Braintree,
 * decision 75), applied when the cycle turns. `cycle_ends_at` is the latest period end the
 * gateways reported; when the clock passes it, the entries marked toBeDeleted are removed once
 * (`cycle_turned_for` records which end was handled).
 */
export class Teams1796300000000 implements MigrationInterface {
  name = 'Teams1796300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE teams (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        subscription_id uuid NOT NULL UNIQUE REFERENCES subscriptions (id) ON DELETE CASCADE,
        owner_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        title varchar(64) NOT NULL,
        pending_extra_slots smallint CHECK (pending_extra_slots BETWEEN 0 AND 7),
        cycle_ends_at timestamptz,
        -- The period end whose turn was handled (marked entries removed, seats applied).
        cycle_turned_for timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX teams_owner_idx ON teams (owner_id)`);
    await db.query(`CREATE INDEX teams_cycle_idx ON teams (cycle_ends_at)`);

    await db.query(`
      CREATE TABLE team_members (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        role varchar(16) NOT NULL CHECK (role IN ('owner', 'administrator', 'member')),
        position integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (team_id, customer_id)
      )`);
    await db.query(`CREATE INDEX team_members_customer_idx ON team_members (customer_id)`);
    await db.query(
      `CREATE UNIQUE INDEX team_members_one_owner ON team_members (team_id) WHERE role = 'owner'`,
    );

    await db.query(`
      CREATE TABLE team_invites (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        inviter_id uuid REFERENCES customers (id) ON DELETE SET NULL,
        recipient_email varchar(254) NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'refused')),
        grant_access varchar(16) NOT NULL DEFAULT 'member'
          CHECK (grant_access IN ('member', 'administrator')),
        -- SHA-256 of the mailed link's token (hex); the token itself is never stored.
        token_hash char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE UNIQUE INDEX team_invites_team_email ON team_invites (team_id, lower(recipient_email))`,
    );
    await db.query(`CREATE INDEX team_invites_email_idx ON team_invites (lower(recipient_email))`);

    await db.query(`
      CREATE TABLE team_activity (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        kind varchar(32) NOT NULL,
        actor_id uuid REFERENCES customers (id) ON DELETE SET NULL,
        actor_name varchar(255),
        subject_id uuid,
        subject_name varchar(255),
        details jsonb NOT NULL DEFAULT '{}',
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX team_activity_team_idx ON team_activity (team_id, at DESC)`);

    // Ownership transfer (ours): the owner asks, both confirm by their e-mailed link.
    await db.query(`
      CREATE TABLE team_ownership_transfers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        from_customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        to_customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        from_token_hash char(64) NOT NULL UNIQUE,
        to_token_hash char(64) NOT NULL UNIQUE,
        from_confirmed_at timestamptz,
        to_confirmed_at timestamptz,
        expires_at timestamptz NOT NULL,
        done_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE UNIQUE INDEX team_transfers_one_open ON team_ownership_transfers (team_id) WHERE done_at IS NULL`,
    );

    // Sharing with a team: the minimum the team views need; the sharing issue builds on it.
    await db.query(`
      CREATE TABLE team_shares (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        project_id char(32) REFERENCES projects (id) ON DELETE CASCADE,
        label_id uuid REFERENCES labels (id) ON DELETE CASCADE,
        access varchar(8) NOT NULL DEFAULT 'view' CHECK (access IN ('view', 'edit')),
        created_by uuid REFERENCES customers (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((project_id IS NULL) <> (label_id IS NULL))
      )`);
    await db.query(
      `CREATE UNIQUE INDEX team_shares_project ON team_shares (team_id, project_id) WHERE project_id IS NOT NULL`,
    );
    await db.query(
      `CREATE UNIQUE INDEX team_shares_label ON team_shares (team_id, label_id) WHERE label_id IS NOT NULL`,
    );
    await db.query(`CREATE INDEX team_shares_project_idx ON team_shares (project_id)`);
    await db.query(`CREATE INDEX team_shares_label_idx ON team_shares (label_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE team_shares`);
    await db.query(`DROP TABLE team_ownership_transfers`);
    await db.query(`DROP TABLE team_activity`);
    await db.query(`DROP TABLE team_invites`);
    await db.query(`DROP TABLE team_members`);
    await db.query(`DROP TABLE teams`);
  }
}
