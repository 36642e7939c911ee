import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../common/tokens.js';
import { CustomerEntity } from '../customers/index.js';

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
    const { entities, raw } = await this.dataSource
      .getRepository(CustomerEntity)
      .createQueryBuilder('customer')
      .addSelect(
        (failures) =>
          failures
            .select('count(*)')
            .from('login_failures', 'failure')
            .where('failure.customer_id = customer.id AND failure.created_at > :since'),
        'recent_failures',
      )
      .where('customer.email = :email', { email, since })
      .getRawAndEntities<{ recent_failures: string }>();
    return {
      customer: entities[0] ?? null,
      recentFailures: Number(raw[0]?.recent_failures ?? 0),
    };
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
