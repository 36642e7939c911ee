import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../common/tokens.js';
import { CustomerEntity } from '../customers/index.js';

// Columns aliased to the entity's property names, so a row is a CustomerEntity as it comes.
const FIND_CANDIDATE = `SELECT c.id, c.email, c.name, c.password_hash AS "passwordHash",
    c.verified_at AS "verifiedAt", c.two_factor_enabled AS "twoFactorEnabled",
    c.password_changed_at AS "passwordChangedAt",
    c.password_update_postponed_at AS "passwordUpdatePostponedAt",
    c.created_at AS "createdAt", c.updated_at AS "updatedAt",
    (SELECT count(*) FROM login_failures f
      WHERE f.customer_id = c.id AND f.created_at > $2) AS "recentFailures"
  FROM customers c WHERE c.email = $1`;

/** The customer a password login names, and how often its password failed lately. */
export interface LoginCandidate {
  customer: CustomerEntity | null;
  recentFailures: number;
}

/** A password login's reads and its failures (the account lock and two-factor policy count them). */
@Injectable()
export class LoginAttemptsRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /**
   * The customer with this (normalised) address and its failures since `since`, in one round
   * trip: known and unknown addresses cost the same query.
   */
  async findCandidate(email: string, since: Date): Promise<LoginCandidate> {
    const rows: Array<CustomerEntity & { recentFailures: string }> = await this.dataSource.query(
      FIND_CANDIDATE,
      [email, since],
    );
    const row = rows[0];
    if (!row) return { customer: null, recentFailures: 0 };
    const { recentFailures, ...customer } = row;
    return { customer, recentFailures: Number(recentFailures) };
  }

  async recentFailures(customerId: string, since: Date): Promise<number> {
    const rows: Array<{ count: string }> = await this.dataSource.query(
      `SELECT count(*) FROM login_failures WHERE customer_id = $1 AND created_at > $2`,
      [customerId, since],
    );
    return Number(rows[0]?.count ?? 0);
  }

  async recordFailure(
    customerId: string | null,
    email: string,
    ipAddress: string | null,
  ): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO login_failures (customer_id, email, ip_address) VALUES ($1, $2, $3)`,
      [customerId, email.slice(0, 254), ipAddress?.slice(0, 64) ?? null],
    );
  }

  async clearFailures(customerId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM login_failures WHERE customer_id = $1`, [customerId]);
  }

  async deleteFailuresBefore(date: Date): Promise<void> {
    await this.dataSource.query(`DELETE FROM login_failures WHERE created_at < $1`, [date]);
  }
}
