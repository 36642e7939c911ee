import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Developer apps and third-party app authorization (issue 19; decisions 80-82).
 *
 * - `customers.developer_since`: the operator's grant to create apps (`npm run developers`).
 * - `apps`: an app with its hashed secret (hex SHA-256 of 150 random bits, as hashToken stores every token: no slow hash needed),
 *   the previous secret for a short overlap after a regeneration, and the registered redirect
 *   URIs and popup origins.
 * - `app_members`: who has which role (admin, manager) on an app.
 * - `app_authorizations`: a customer's grant to an app (the other apps table). Revoking deletes
 *   it, and its codes and tokens go with it in the same statement.
 * - `app_authorization_codes`, `app_tokens`: only hashes of codes and tokens are stored.
 */
export class DeveloperApps1795800000000 implements MigrationInterface {
  name = 'DeveloperApps1795800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE customers ADD COLUMN developer_since timestamptz`);
    await db.query(`
      CREATE TABLE apps (
        id text PRIMARY KEY CHECK (id ~ '^[a-z0-9]{29}$'),
        name varchar(255) NOT NULL,
        secret_hash text NOT NULL,
        secret_hint text NOT NULL,
        secret_created_at timestamptz NOT NULL DEFAULT now(),
        secret_last_used_at timestamptz,
        previous_secret_hash text,
        previous_secret_expires_at timestamptz,
        redirect_uris text[] NOT NULL DEFAULT '{}',
        origins text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE app_members (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('admin', 'manager')),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (app_id, customer_id)
      )`);
    await db.query(`CREATE INDEX app_members_customer ON app_members (customer_id, app_id)`);
    await db.query(`
      CREATE TABLE app_authorizations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        scope text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        UNIQUE (customer_id, app_id)
      )`);
    await db.query(`CREATE INDEX app_authorizations_app ON app_authorizations (app_id)`);
    await db.query(`
      CREATE TABLE app_authorization_codes (
        code_hash text PRIMARY KEY,
        authorization_id uuid NOT NULL REFERENCES app_authorizations(id) ON DELETE CASCADE,
        redirect_uri text,
        code_challenge text,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await db.query(
      `CREATE INDEX app_authorization_codes_authorization ON app_authorization_codes (authorization_id)`,
    );
    await db.query(`
      CREATE TABLE app_tokens (
        token_hash text PRIMARY KEY,
        authorization_id uuid NOT NULL REFERENCES app_authorizations(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('access', 'refresh')),
        code_hash text,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX app_tokens_authorization ON app_tokens (authorization_id)`);
    await db.query(
      `CREATE INDEX app_tokens_code ON app_tokens (code_hash) WHERE code_hash IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE app_tokens`);
    await db.query(`DROP TABLE app_authorization_codes`);
    await db.query(`DROP TABLE app_authorizations`);
    await db.query(`DROP TABLE app_members`);
    await db.query(`DROP TABLE apps`);
    await db.query(`ALTER TABLE customers DROP COLUMN developer_since`);
  }
}
