import { Inject, Injectable } from '@nestjs/common';
import { type DataSource, LessThan, type Repository } from 'typeorm';
import { DATA_SOURCE } from '../../common/tokens.js';
import { ASYNC_COMMIT, sqlRows } from '../../database/sql.js';
import { SessionEntity } from './session.entity.js';

/** A session as a login writes it; the database fills in the times. */
export type NewSessionRow = Omit<SessionEntity, 'createdAt' | 'lastSeenAt'>;

/** A new session before its customer is known (a password login, see `prepare`). */
export type PendingSessionRow = Omit<NewSessionRow, 'customerId'>;

@Injectable()
export class SessionsRepository {
  private readonly sessions: Repository<SessionEntity>;

  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {
    this.sessions = dataSource.getRepository(SessionEntity);
  }

  // Plain SQL: every signed-in request looks its session up, every login inserts one.
  async insert(session: NewSessionRow): Promise<void> {
    await sqlRows(
      this.dataSource,
      `INSERT INTO sessions
         (id, customer_id, expires_at, user_agent, ip_address, password_update_required)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        session.id,
        session.customerId,
        session.expiresAt,
        session.userAgent,
        session.ipAddress,
        session.passwordUpdateRequired,
      ],
    );
  }

  async findLive(
    id: string,
    now: Date,
  ): Promise<Pick<SessionEntity, 'id' | 'customerId' | 'passwordUpdateRequired'> | null> {
    const rows = await sqlRows<{
      id: string;
      customer_id: string;
      password_update_required: boolean;
    }>(
      this.dataSource,
      // The strong-password exemption (no old password needed) holds only shortly after login.
      `SELECT id, customer_id,
              password_update_required AND created_at > $2::timestamptz - interval '15 minutes'
                AS password_update_required
       FROM sessions WHERE id = $1 AND expires_at > $2`,
      [id, now],
    );
    const row = rows[0];
    return row
      ? {
          id: row.id,
          customerId: row.customer_id,
          passwordUpdateRequired: row.password_update_required,
        }
      : null;
  }

  /**
   * Deletes a pending session nobody holds the token of. Its commit does not wait for the WAL
   * flush, like its insert's: so discarding costs the same whether a row existed (known address)
   * or not (unknown address), and a crash that forgets the delete leaves a row nobody can use.
   */
  async discardPending(id: string): Promise<void> {
    await sqlRows(this.dataSource, `DELETE FROM sessions USING ${ASYNC_COMMIT} WHERE id = $1`, [
      id,
    ]);
  }

  async delete(id: string): Promise<void> {
    await this.sessions.delete({ id });
  }

  async deleteAllOf(customerId: string): Promise<void> {
    await this.sessions.delete({ customerId });
  }

  async deleteAllOfExcept(customerId: string, keepId: string): Promise<void> {
    await this.sessions
      .createQueryBuilder()
      .delete()
      .where('customer_id = :customerId AND id <> :keepId', { customerId, keepId })
      .execute();
  }

  async setPasswordUpdateRequired(id: string, value: boolean): Promise<void> {
    await this.sessions.update({ id }, { passwordUpdateRequired: value });
  }

  async deleteExpired(now: Date): Promise<number> {
    const result = await this.sessions.delete({ expiresAt: LessThan(now) });
    return result.affected ?? 0;
  }
}
