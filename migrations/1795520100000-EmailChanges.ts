import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A pending e-mail change (account-and-auth §4.1): at most one per customer. The mailed link's
 * token is kept only as its SHA-256, like reset links; the address changes when it is followed.
 */
export class EmailChanges1795520100000 implements MigrationInterface {
  name = 'EmailChanges1795520100000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE email_changes (
        customer_id uuid PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
        new_email varchar(254) NOT NULL,
        token_hash char(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        last_sent_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX email_changes_expires_at ON email_changes (expires_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE email_changes`);
  }
}
