import { Inject, Injectable } from '@nestjs/common';
import { type DataSource, LessThan, MoreThan, type Repository } from 'typeorm';
import { DATA_SOURCE } from '../../../common/tokens.js';
import { CustomerEntity } from '../../customers/index.js';
import { EmailChangeEntity } from './email-change.entity.js';

export type EmailChangeConfirmation =
  | { status: 'unknown' }
  | { status: 'taken' }
  | { status: 'changed'; customerId: string; oldEmail: string; newEmail: string };

/** PostgreSQL's unique_violation: the address was taken in the meantime. */
const UNIQUE_VIOLATION = '23505';

@Injectable()
export class EmailChangeRepository {
  private readonly changes: Repository<EmailChangeEntity>;

  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {
    this.changes = dataSource.getRepository(EmailChangeEntity);
  }

  /** The customer's change still waiting for its link, or null. */
  findPending(customerId: string, now: Date): Promise<EmailChangeEntity | null> {
    return this.changes.findOneBy({ customerId, expiresAt: MoreThan(now) });
  }

  /** The change a link would confirm, if the link still works (unused, unexpired). */
  findLiveByToken(tokenHash: string, now: Date): Promise<EmailChangeEntity | null> {
    return this.changes.findOneBy({ tokenHash, expiresAt: MoreThan(now) });
  }

  /** A new request replaces the customer's earlier one (and its link). */
  async save(change: Omit<EmailChangeEntity, 'createdAt'>): Promise<void> {
    await this.changes.upsert(change, ['customerId']);
  }

  async delete(customerId: string): Promise<number> {
    return (await this.changes.delete({ customerId })).affected ?? 0;
  }

  /**
   * Uses the link: in one transaction the row is taken (so a link works once) and the address
   * set. 'unknown' for a used, expired or unknown token; 'taken' when the address belongs to
   * someone else by now (the unique index decides, so a registration racing it is safe).
   */
  async confirm(tokenHash: string, now: Date): Promise<EmailChangeConfirmation> {
    return this.dataSource.transaction(async (manager) => {
      // TypeORM answers a DELETE … RETURNING as [rows, affected].
      const [rows] = (await manager.query(
        `DELETE FROM email_changes WHERE token_hash = $1 RETURNING customer_id, new_email, expires_at`,
        [tokenHash],
      )) as [Array<{ customer_id: string; new_email: string; expires_at: Date }>, number];
      const change = rows[0];
      if (!change || change.expires_at <= now) return { status: 'unknown' as const };
      const customer = await manager.findOneBy(CustomerEntity, { id: change.customer_id });
      if (!customer) return { status: 'unknown' as const };
      try {
        await manager.query('SAVEPOINT set_email');
        await manager.update(
          CustomerEntity,
          { id: change.customer_id },
          { email: change.new_email, verifiedAt: now },
        );
      } catch (error) {
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
        await manager.query('ROLLBACK TO SAVEPOINT set_email');
        return { status: 'taken' as const };
      }
      return {
        status: 'changed' as const,
        customerId: change.customer_id,
        oldEmail: customer.email,
        newEmail: change.new_email,
      };
    });
  }

  /** Changes whose link expired: the hourly maintenance job. */
  async deleteExpired(now: Date): Promise<void> {
    await this.changes.delete({ expiresAt: LessThan(now) });
  }
}
