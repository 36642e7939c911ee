/**
 * What scripts/test.mjs prepares before any test file runs: one PostgreSQL cluster with a
 * migrated template database, and one Redis. Each test then takes a database of its own.
 */
export interface TestEnvironment {
  /** Admin connection to the cluster (database "postgres"). */
  adminUrl: string;
  /** The migrated database every test database is cloned from. */
  templateDatabase: string;
  redisUrl: string;
}

export function testEnvironment(): TestEnvironment {
  const adminUrl = process.env.ANIMATA_TEST_ADMIN_URL;
  const templateDatabase = process.env.ANIMATA_TEST_TEMPLATE_DB;
  const redisUrl = process.env.ANIMATA_TEST_REDIS_URL;
  if (!adminUrl || !templateDatabase || !redisUrl) {
    throw new Error('Run the tests through "npm test": it prepares PostgreSQL and Redis first.');
  }
  return { adminUrl, templateDatabase, redisUrl };
}
