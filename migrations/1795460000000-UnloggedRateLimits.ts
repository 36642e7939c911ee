import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rate-limit counters are worth nothing after a crash: an UNLOGGED table writes no WAL, so a hit
 * commits without waiting for a flush, and PostgreSQL empties the table after a crash (every
 * window starts again, which is harmless). Counters are not replicated, which is fine: only the
 * primary counts (docs/decisions.md, record 26).
 */
export class UnloggedRateLimits1795460000000 implements MigrationInterface {
  name = 'UnloggedRateLimits1795460000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE rate_limit_counters SET UNLOGGED`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE rate_limit_counters SET LOGGED`);
  }
}
