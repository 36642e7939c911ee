import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Known devices now live in the device cookie as server-made marks (device-cookie.ts), so a
 * successful login writes no device row. Devices remembered in the table are forgotten: their
 * customers get at most one e-mail code, and only after repeated failed logins.
 */
export class DeviceCookies1795400000000 implements MigrationInterface {
  name = 'DeviceCookies1795400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE known_devices`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE known_devices (
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        device_hash char(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (customer_id, device_hash)
      )`);
  }
}
