import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { type DataSource, In, LessThan, MoreThan, Not, type Repository } from 'typeorm';
import { DATA_SOURCE } from '../../common/tokens.js';
import { SessionEntity } from './session.entity.js';

/** A session as it is written; the database fills in the times. */
export type NewSession = Omit<SessionEntity, 'createdAt' | 'lastSeenAt'>;

// Every login writes a session: one plain statement, without the query builder's work per call.
const INSERT_SESSION = `INSERT INTO sessions
  (id, customer_id, expires_at, user_agent, ip_address, password_update_required)
  VALUES ($1, $2, $3, $4, $5, $6)`;

/** What authenticating a request reads of its session: SessionsService.authenticate's columns. */
export type LiveSession = Pick<
  SessionEntity,
  'id' | 'customerId' | 'createdAt' | 'lastSeenAt' | 'passwordUpdateRequired'
>;

/**
 * Every signed-in request reads its session: only the columns the guard needs, as a named
 * statement (parsed and planned once per connection) rather than the query builder's every-column
 * SELECT built anew per call (issue 33; the profile of the projects list put that at a tenth of
 * its main thread).
 */
const FIND_LIVE_SESSION = {
  name: 'sessions_find_live',
  text: `SELECT id, customer_id AS "customerId", created_at AS "createdAt",
                last_seen_at AS "lastSeenAt", password_update_required AS "passwordUpdateRequired"
           FROM sessions WHERE id = $1 AND expires_at > $2`,
};

/** The one writer of the `sessions` table. */
@Injectable()
export class SessionsRepository {
  private readonly sessions: Repository<SessionEntity>;

  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {
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

  async findLive(id: string, now: Date): Promise<LiveSession | null> {
    const runner = this.dataSource.createQueryRunner();
    try {
      // The pg client of the pool (QueryRunner.connect's public answer), for a named statement.
      const client = (await runner.connect()) as pg.PoolClient;
      const { rows } = await client.query<LiveSession>({ ...FIND_LIVE_SESSION, values: [id, now] });
      return rows[0] ?? null;
    } finally {
      await runner.release();
    }
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
