import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * `SELECT 1` on the pool TypeORM opened (the same connections and limits), without a TypeORM
 * QueryRunner around it. Readiness probes are frequent and this query is their whole work, so
 * the runner's set-up, logging and subscriber broadcast would be most of their cost.
 */
export async function pingDatabase(dataSource: DataSource): Promise<void> {
  const pool = (dataSource.driver as unknown as { master?: Pool }).master;
  if (pool) await pool.query('SELECT 1');
  else await dataSource.query('SELECT 1');
}
