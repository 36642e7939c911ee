import type { DataSource, QueryResult } from 'typeorm';

/**
 * Runs SQL and returns its rows, whatever the statement. TypeORM's plain `query()` answers
 * UPDATE and DELETE with `[rows, count]` but SELECT and INSERT with the rows alone; the
 * structured result has them in one place.
 */
export async function sqlRows<T>(dataSource: DataSource, sql: string, parameters: unknown[] = []): Promise<T[]> {
  const runner = dataSource.createQueryRunner();
  try {
    const result = (await runner.query(sql, parameters, true)) as QueryResult;
    return (result.records ?? []) as T[];
  } finally {
    await runner.release();
  }
}
