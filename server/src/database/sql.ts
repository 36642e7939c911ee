import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * Runs SQL on the pool TypeORM opened (same connections and limits) and returns its rows,
 * whatever the statement. Hot paths (login, rate limits) use it: a TypeORM QueryRunner around
 * each query cost more CPU than the query itself, and TypeORM's plain `query()` answers UPDATE
 * and DELETE with `[rows, count]` but SELECT and INSERT with the rows alone.
 */
export async function sqlRows<T>(
  dataSource: DataSource,
  sql: string,
  parameters: unknown[] = [],
): Promise<T[]> {
  const pool = (dataSource.driver as unknown as { master?: Pool }).master;
  if (pool) return (await pool.query(sql, parameters)).rows as T[];
  const runner = dataSource.createQueryRunner();
  try {
    const result = (await runner.query(sql, parameters, true)) as { records?: T[] };
    return result.records ?? [];
  } finally {
    await runner.release();
  }
}
