import { Inject, Injectable } from '@nestjs/common';
import { type DataSource, In, LessThan, MoreThan, Not, type Repository } from 'typeorm';
import { DATA_SOURCE } from '../../common/tokens.js';
import { SessionEntity } from './session.entity.js';

/** A session as it is written; the database fills in the times. */
export type NewSession = Omit<SessionEntity, 'createdAt' | 'lastSeenAt'>;

// Every login writes a session: one plain statement, without the query builder's work per call.
const INSERT_SESSION = `INSERT INTO sessions
  (id, customer_id, expires_at, user_agent, ip_address, password_update_required)
  VALUES ($1, $2, $3, $4, $5, $6)`;

/** The one writer of the `sessions` table. */
@Injectable()
export class SessionsRepository {
  private readonly sessions: Repository<SessionEntity>;

  constructor(@Inject(DATA_SOURCE) dataSource: DataSource) {
    this.sessions = dataSource.getRepository(SessionEntity);
  }

  async insert(session: NewSession): Promise<void> {
    await this.sessions.query(INSERT_SESSION, [
      session.id,
      session.customerId,
      session.expiresAt,
      session.userAgent,
      session.ipAddress,
      session.passwordUpdateRequired,
    ]);
  }

  findLive(id: string, now: Date): Promise<SessionEntity | null> {
    return this.sessions.findOneBy({ id, expiresAt: MoreThan(now) });
  }

  /** The customer's sessions that have not expired, most recently active first. */
  listLive(customerId: string, now: Date): Promise<SessionEntity[]> {
    return this.sessions.find({
      where: { customerId, expiresAt: MoreThan(now) },
      order: { lastSeenAt: 'DESC', createdAt: 'DESC' },
      take: 200,
    });
  }

  /** Notes activity unless a request already did since `notBefore` (one write per window). */
  async touch(id: string, now: Date, notBefore: Date): Promise<void> {
    await this.sessions.update({ id, lastSeenAt: LessThan(notBefore) }, { lastSeenAt: now });
  }

  async delete(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.sessions.delete({ id: In([...ids]) });
  }

  async deleteAllOf(customerId: string): Promise<void> {
    await this.sessions.delete({ customerId });
  }

  /** How many sessions ended. */
  async deleteAllOfExcept(customerId: string, keepId: string): Promise<number> {
    const result = await this.sessions.delete({ customerId, id: Not(keepId) });
    return result.affected ?? 0;
  }

  async setPasswordUpdateRequired(id: string, value: boolean): Promise<void> {
    await this.sessions.update({ id }, { passwordUpdateRequired: value });
  }

  async deleteExpired(now: Date): Promise<number> {
    const result = await this.sessions.delete({ expiresAt: LessThan(now) });
    return result.affected ?? 0;
  }
}
