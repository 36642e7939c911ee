import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, Repository } from 'typeorm';
import { DATA_SOURCE } from '../../common/tokens.js';
import type { MailMessage } from './mail-transport.js';
import { OutboxMailEntity } from './outbox-mail.entity.js';

/** The mail_outbox table: mail kept instead of sent when no SMTP_URL is set. */
@Injectable()
export class OutboxRepository {
  private readonly mails: Repository<OutboxMailEntity>;

  constructor(@Inject(DATA_SOURCE) dataSource: DataSource) {
    this.mails = dataSource.getRepository(OutboxMailEntity);
  }

  async insert(message: MailMessage): Promise<void> {
    await this.mails.insert({
      recipient: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
    });
  }

  /** Newest first (the created_at DESC index). */
  newest(limit: number): Promise<OutboxMailEntity[]> {
    return this.mails.find({ order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }

  async clear(): Promise<void> {
    await this.mails.createQueryBuilder().delete().execute();
  }
}
