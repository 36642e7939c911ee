import type { OperatorRole } from '@animata/contracts';
import type { DataSource } from 'typeorm';
import { normaliseEmail } from '../customers/index.js';

/** A customer holding an operator role. */
export interface Operator {
  email: string;
  name: string;
  role: OperatorRole;
  operatorSince: Date;
}

interface OperatorRow {
  email: string;
  name: string;
  role: OperatorRole;
  granted_at: Date;
}

/**
 * The operator roles (issue 32; decision 289): the `operators` table, which lets
 * a customer open the queue dashboard at /admin/queues. Given and taken only by whoever runs
 * `npm run operators` (server/src/cli), as the developer grant is. The access layer reads the
 * table (Permission.QueuesRead, QueuesManage); only this class writes it.
 */
export class OperatorGrants {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Grants the role by e-mail; an operator given another role keeps their first date. Null: no
   * customer has that address.
   */
  async grant(email: string, role: OperatorRole): Promise<Operator | null> {
    const rows: OperatorRow[] = await this.dataSource.query(
      `WITH customer AS (SELECT id, email, name FROM customers WHERE email = $1),
            granted AS (
              INSERT INTO operators (customer_id, role)
              SELECT id, $2 FROM customer
              ON CONFLICT (customer_id) DO UPDATE SET role = EXCLUDED.role
              RETURNING role, granted_at)
       SELECT c.email, c.name, g.role, g.granted_at FROM customer c, granted g`,
      [normaliseEmail(email), role],
    );
    return rows[0] ? toOperator(rows[0]) : null;
  }

  /**
   * Takes the role back. Null: no customer has that address; `wasOperator` false: they had no
   * role (nothing changed).
   */
  async revoke(email: string): Promise<{ email: string; wasOperator: boolean } | null> {
    const rows: Array<{ email: string; removed: boolean }> = await this.dataSource.query(
      `WITH customer AS (SELECT id, email FROM customers WHERE email = $1),
            removed AS (
              DELETE FROM operators WHERE customer_id IN (SELECT id FROM customer)
              RETURNING customer_id)
       SELECT c.email, EXISTS (SELECT 1 FROM removed) AS removed FROM customer c`,
      [normaliseEmail(email)],
    );
    return rows[0] ? { email: rows[0].email, wasOperator: rows[0].removed } : null;
  }

  /** Every operator, longest-standing first. */
  async list(): Promise<Operator[]> {
    const rows: OperatorRow[] = await this.dataSource.query(
      `SELECT c.email, c.name, o.role, o.granted_at
         FROM operators o JOIN customers c ON c.id = o.customer_id
        ORDER BY o.granted_at, c.email`,
    );
    return rows.map(toOperator);
  }
}

function toOperator(row: OperatorRow): Operator {
  return {
    email: row.email,
    name: row.name,
    role: row.role,
    operatorSince: new Date(row.granted_at),
  };
}
