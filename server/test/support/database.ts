import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { testEnvironment } from './environment.js';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testEnvironment().adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database of its own, cloned from the template (about 50 ms): tests never see
 * each other's rows, and may run in parallel.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { adminUrl, templateDatabase } = testEnvironment();
  // animata_test_<run>_<random>: the run is the template's suffix, so a run's cleanup drops
  // its own databases and never those of another run sharing the cluster.
  const run = templateDatabase.replace(/^animata_template_/, '');
  const name = `animata_test_${run}_${randomBytes(6).toString('hex')}`;
  await admin(async (client) => {
    // CREATE DATABASE ... TEMPLATE fails while another session uses the template; retry briefly.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await client.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabase}`);
        return;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + attempt * 25));
      }
    }
  });
  return {
    name,
    url: withDatabase(adminUrl, name),
    drop: () =>
      admin(async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}
