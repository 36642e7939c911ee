import { OUTBOX_LIST_LIMIT, type OutboxListResponse } from '@animata/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { CommonException } from '../../common/errors/common.exception.js';
import { CONFIG } from '../../common/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { OutboxRepository } from './outbox.repository.js';

/**
 * The dev outbox: every mail the outbox transport kept, for developers and tests. It does not
 * exist in production (the catalogue 404), where mail may hold sign-in and reset links.
 */
@Injectable()
export class DevOutboxService {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxRepository,
  ) {}

  async list(): Promise<OutboxListResponse> {
    this.assertAvailable();
    const mails = await this.outbox.newest(OUTBOX_LIST_LIMIT);
    return {
      items: mails.map((mail) => ({
        id: mail.id,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
        createdAt: mail.createdAt.toISOString(),
      })),
    };
  }

  async clear(): Promise<void> {
    this.assertAvailable();
    await this.outbox.clear();
  }

  private assertAvailable(): void {
    if (this.config.env === 'production') throw CommonException.notFound();
  }
}
