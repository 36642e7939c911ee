import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-in: verification and reset tokens, login failures and known devices (account lock and
 * two-factor policy), e-mail two-factor challenges, social identities, rate-limit counters for
 * deployments without Redis, and tracking events.
 */
export class SignIn1795343899387 implements MigrationInterface {
  name = 'SignIn1795343899387';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE customers
      ADD COLUMN two_factor_enabled boolean NOT NULL DEFAULT false,
      ADD COLUMN password_changed_at timestamptz,
      ADD COLUMN password_update_postponed_at timestamptz`);
    await db.query(`ALTER TABLE sessions
      ADD COLUMN password_update_required boolean NOT NULL DEFAULT false`);

    await db.query(`
      CREATE TABLE auth_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        purpose varchar(32) NOT NULL CHECK (purpose IN ('verify-email', 'reset-password')),
        token_hash char(64) NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX auth_tokens_token_hash_key ON auth_tokens (token_hash)`);
    await db.query(
      `CREATE INDEX auth_tokens_customer_purpose_idx ON auth_tokens (customer_id, purpose)`,
    );

    await db.query(`
      CREATE TABLE login_failures (
        id bigserial PRIMARY KEY,
        customer_id uuid REFERENCES customers(id) ON DELETE CASCADE,
        email varchar(254) NOT NULL,
        ip_address varchar(64),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX login_failures_customer_idx ON login_failures (customer_id, created_at DESC)`,
    );
    await db.query(`CREATE INDEX login_failures_created_idx ON login_failures (created_at)`);

    await db.query(`
      CREATE TABLE known_devices (
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        device_hash char(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (customer_id, device_hash)
      )`);

    await db.query(`
      CREATE TABLE two_factor_challenges (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        action varchar(16) NOT NULL CHECK (action IN ('login', 'register', 'payment')),
        email varchar(254) NOT NULL,
        customer_id uuid REFERENCES customers(id) ON DELETE CASCADE,
        attempt_hash char(64) NOT NULL,
        send_token_hash char(64),
        code_hash char(64),
        code_expires_at timestamptz,
        sends integer NOT NULL DEFAULT 0,
        last_sent_at timestamptz,
        wrong_codes integer NOT NULL DEFAULT 0,
        verified_token_hash char(64),
        verified_at timestamptz,
        consumed_at timestamptz,
        pending jsonb,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX two_factor_challenges_attempt_idx ON two_factor_challenges (attempt_hash, action)`,
    );
    await db.query(
      `CREATE UNIQUE INDEX two_factor_challenges_send_token_key ON two_factor_challenges (send_token_hash)`,
    );
    await db.query(
      `CREATE UNIQUE INDEX two_factor_challenges_verified_token_key ON two_factor_challenges (verified_token_hash)`,
    );
    await db.query(
      `CREATE INDEX two_factor_challenges_expires_idx ON two_factor_challenges (expires_at)`,
    );

    await db.query(`
      CREATE TABLE social_identities (
        provider varchar(16) NOT NULL CHECK (provider IN ('google', 'facebook')),
        subject varchar(255) NOT NULL,
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (provider, subject)
      )`);
    await db.query(
      `CREATE INDEX social_identities_customer_idx ON social_identities (customer_id)`,
    );

    await db.query(`
      CREATE TABLE rate_limit_counters (
        key varchar(200) NOT NULL,
        window_start timestamptz NOT NULL,
        hits integer NOT NULL,
        PRIMARY KEY (key, window_start)
      )`);
    await db.query(
      `CREATE INDEX rate_limit_counters_window_idx ON rate_limit_counters (window_start)`,
    );

    await db.query(`
      CREATE TABLE tracking_events (
        id bigserial PRIMARY KEY,
        customer_id uuid REFERENCES customers(id) ON DELETE SET NULL,
        event_name varchar(64) NOT NULL,
        event_data jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX tracking_events_name_created_idx ON tracking_events (event_name, created_at DESC)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE tracking_events`);
    await db.query(`DROP TABLE rate_limit_counters`);
    await db.query(`DROP TABLE social_identities`);
    await db.query(`DROP TABLE two_factor_challenges`);
    await db.query(`DROP TABLE known_devices`);
    await db.query(`DROP TABLE login_failures`);
    await db.query(`DROP TABLE auth_tokens`);
    await db.query(`ALTER TABLE sessions DROP COLUMN password_update_required`);
    await db.query(`ALTER TABLE customers
      DROP COLUMN password_update_postponed_at,
      DROP COLUMN password_changed_at,
      DROP COLUMN two_factor_enabled`);
  }
}
