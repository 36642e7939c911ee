import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A customer's avatar (account-and-auth §3): at most one per customer, gone with the customer.
 * The files live in file storage under `avatars/<id>/<file_token>/<size>`: a fresh token per
 * upload, so two racing uploads never write or delete each other's files.
 */
export class Avatars1795520200000 implements MigrationInterface {
  name = 'Avatars1795520200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE avatars (
        id uuid PRIMARY KEY,
        customer_id uuid NOT NULL UNIQUE REFERENCES customers (id) ON DELETE CASCADE,
        mime_type varchar(32) NOT NULL
          CHECK (mime_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml')),
        sizes smallint[] NOT NULL,
        version integer NOT NULL DEFAULT 1 CHECK (version > 0),
        file_token char(16) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE avatars`);
  }
}
