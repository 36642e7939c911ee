import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The newsletter choice of the account page (account-and-auth §2.1). Nobody consented at
 * sign-up, so every existing and new customer starts unsubscribed (decision 50); the time of
 * the last change is kept as the record of consent.
 */
export class AccountSettings1795520000000 implements MigrationInterface {
  name = 'AccountSettings1795520000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE customers
        ADD COLUMN newsletter_unsubscribed boolean NOT NULL DEFAULT true,
        ADD COLUMN newsletter_changed_at timestamptz`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE customers
        DROP COLUMN newsletter_changed_at,
        DROP COLUMN newsletter_unsubscribed`);
  }
}
