import { Inject, Injectable } from '@nestjs/common';
import { type DataSource, LessThan, type Repository } from 'typeorm';
import { DATA_SOURCE } from '../../common/tokens.js';
import { SessionEntity } from './session.entity.js';

@Injectable()
export class SessionsRepository {
  private readonly sessions: Repository<SessionEntity>;

  constructor(@Inject(DATA_SOURCE) dataSource: DataSource) {
    this.sessions = dataSource.getRepository(SessionEntity);
  }

  async insert(session: Omit<SessionEntity, 'createdAt' | 'lastSeenAt'>): Promise<void> {
    await this.sessions.insert(session);
  }

  findLive(id: string, now: Date): Promise<SessionEntity | null> {
    return this.sessions
      .createQueryBuilder('s')
      .where('s.id = :id AND s.expires_at > :now', { id, now })
      .getOne();
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
