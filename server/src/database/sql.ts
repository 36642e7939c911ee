import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * Our hot statements are fixed texts, so each gets a name and PostgreSQL parses and plans it once
 * per connection instead of on every call (half of the database's CPU on a login). The cap only
 * guards against a caller building SQL text dynamically: past it, statements run unnamed.
 */
const MAX_NAMED_STATEMENTS = 1000;
const statementNames = new Map<string, string>();

function statementName(sql: string): string | undefined {
  const known = statementNames.get(sql);
  if (known !== undefined || statementNames.size >= MAX_NAMED_STATEMENTS) return known;
  const name = `animata_${statementNames.size + 1}`;
  statementNames.set(sql, name);
  return name;
}

/**
 * A subquery that makes the statement's own transaction commit without waiting for its WAL flush
 * (`SET LOCAL synchronous_commit = off`, as one statement can hold it). For rows a database crash
 * may lose without harm: a crash forgets at most the last moment's such commits (PostgreSQL keeps
 * consistency), and the write saves the flush's wait and part of its CPU (docs/decisions.md). Used
 * for rate-limit counters and a login's session (lost, the customer signs in again).
 */
export const ASYNC_COMMIT = `(SELECT set_config('synchronous_commit', 'off', true)) AS async_commit`;

/**
 * Runs SQL on the pool TypeORM opened (same connections and limits) and returns its rows,
 * whatever the statement. Hot paths (login, rate limits) use it: a TypeORM QueryRunner around
 * each query cost more CPU than the query itself, and TypeORM's plain `query()` answers UPDATE
 * and DELETE with `[rows, count]` but SELECT and INSERT with the rows alone.
 * Only one statement per call: named (prepared) statements cannot hold several.
 */
export async function sqlRows<T>(
  dataSource: DataSource,
  sql: string,
  parameters: unknown[] = [],
): Promise<T[]> {
  const pool = (dataSource.driver as unknown as { master?: Pool }).master;
  if (pool) {
    const name = statementName(sql);
    const result = await pool.query(
      name === undefined
        ? { text: sql, values: parameters }
        : { name, text: sql, values: parameters },
    );
    return result.rows as T[];
  }
  const runner = dataSource.createQueryRunner();
  try {
    const result = (await runner.query(sql, parameters, true)) as { records?: T[] };
    return result.records ?? [];
  } finally {
    await runner.release();
  }
}
