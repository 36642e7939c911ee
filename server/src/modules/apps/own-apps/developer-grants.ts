import type { DataSource } from 'typeorm';
import { normaliseEmail } from '../../customers/index.js';

/** A customer holding the developer grant. */
export interface Developer {
  email: string;
  name: string;
  developerSince: Date;
}

/**
 * The developer grant (decision 80): `customers.developer_since`, which lets a customer create
 * apps. Given and taken only by an operator, through `npm run developers` (server/src/cli).
 */
export class DeveloperGrants {
  constructor(private readonly dataSource: DataSource) {}

  /** Grants by e-mail; a customer who has it keeps the first date. Null: no such customer. */
  async grant(email: string): Promise<Developer | null> {
    return this.one(
      `UPDATE customers SET developer_since = COALESCE(developer_since, now())
        WHERE email = $1 RETURNING email, name, developer_since`,
      email,
    );
  }

  /**
   * Takes the grant back: no new apps. The apps the customer already has keep them as admin,
   * so that they are never left without one. Null: no such customer.
   */
  async revoke(email: string): Promise<{ email: string } | null> {
    // TypeORM answers an UPDATE … RETURNING as [rows, affected].
    const [rows] = (await this.dataSource.query(
      `UPDATE customers SET developer_since = NULL WHERE email = $1 RETURNING email`,
      [normaliseEmail(email)],
    )) as [Array<{ email: string }>, number];
    return rows[0] ?? null;
  }

  /** Everyone with the grant, longest-standing first. */
  async list(): Promise<Developer[]> {
    const rows: Array<{ email: string; name: string; developer_since: Date }> =
      await this.dataSource.query(
        `SELECT email, name, developer_since FROM customers
          WHERE developer_since IS NOT NULL ORDER BY developer_since, email`,
      );
    return rows.map(toDeveloper);
  }

  private async one(sql: string, email: string): Promise<Developer | null> {
    const [rows] = (await this.dataSource.query(sql, [normaliseEmail(email)])) as [
      Array<{ email: string; name: string; developer_since: Date }>,
      number,
    ];
    return rows[0] ? toDeveloper(rows[0]) : null;
  }
}

function toDeveloper(row: { email: string; name: string; developer_since: Date }): Developer {
  return { email: row.email, name: row.name, developerSince: new Date(row.developer_since) };
}
