import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Customers, their sessions, projects and the dev mail outbox: what the foundation needs. */
export class Foundation1795343377049 implements MigrationInterface {
  name = 'Foundation1795343377049';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE customers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL,
        name varchar(100) NOT NULL,
        password_hash text,
        verified_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // E-mail is stored lower-cased; the unique index makes sign-up races safe.
    await db.query(`CREATE UNIQUE INDEX customers_email_key ON customers (email)`);

    await db.query(`
      CREATE TABLE sessions (
        id char(64) PRIMARY KEY,
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        user_agent varchar(512),
        ip_address varchar(64)
      )`);
    await db.query(`CREATE INDEX sessions_customer_id_idx ON sessions (customer_id)`);
    await db.query(`CREATE INDEX sessions_expires_at_idx ON sessions (expires_at)`);

    await db.query(`
      CREATE TABLE projects (
        id char(32) PRIMARY KEY,
        owner_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        title varchar(64) NOT NULL,
        is_demo boolean NOT NULL DEFAULT false,
        width integer NOT NULL DEFAULT 1920,
        height integer NOT NULL DEFAULT 1080,
        duration_ms integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT projects_id_format CHECK (id ~ '^[a-z0-9]{32}$')
      )`);
    await db.query(
      `CREATE INDEX projects_owner_updated_idx ON projects (owner_id, updated_at DESC, id)`,
    );

    await db.query(`
      CREATE TABLE mail_outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        recipient varchar(254) NOT NULL,
        subject varchar(300) NOT NULL,
        text_body text NOT NULL,
        html_body text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX mail_outbox_created_at_idx ON mail_outbox (created_at DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE mail_outbox`);
    await db.query(`DROP TABLE projects`);
    await db.query(`DROP TABLE sessions`);
    await db.query(`DROP TABLE customers`);
  }
}
