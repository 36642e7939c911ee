import type { DataSource, QueryResult } from 'typeorm';

/**
 * The rows of one SQL statement, through TypeORM's public API, whatever the statement's kind:
 * TypeORM's plain `query()` answers UPDATE and DELETE with `[rows, count]` but SELECT and INSERT
 * with the rows alone. Only repositories use it, for named statements (docs/decisions.md).
 */
export async function queryRows<T>(
  dataSource: DataSource,
  sql: string,
  parameters: unknown[] = [],
): Promise<T[]> {
  const runner = dataSource.createQueryRunner();
  try {
    const result = (await runner.query(sql, parameters, true)) as QueryResult<T>;
    return result.records ?? [];
  } finally {
    await runner.release();
  }
}
