import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A rotated refresh token is kept, marked, until its expiry instead of being deleted, so that a
 * replay of it is recognised and revokes the tokens of its code (issue 28; RFC 9700 §4.14.2).
 */
export class RotatedRefreshTokens1795920000000 implements MigrationInterface {
  name = 'RotatedRefreshTokens1795920000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE app_tokens ADD COLUMN rotated_at timestamptz`);
  }

  async down(db: QueryRunner): Promise<void> {
    // Before this column, a rotated token was gone: drop the kept ones, then the column.
    await db.query(`DELETE FROM app_tokens WHERE rotated_at IS NOT NULL`);
    await db.query(`ALTER TABLE app_tokens DROP COLUMN rotated_at`);
  }
}
