import { Module } from '@nestjs/common';
import type { AppLogger } from '../../common/logger.js';
import { CONFIG, LOGGER, MAIL_TRANSPORT } from '../../common/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { DevOutboxController } from './dev-outbox.controller.js';
import { DevOutboxService } from './dev-outbox.service.js';
import { MailJobs } from './mail.jobs.js';
import { MailService } from './mail.service.js';
import type { MailTransport } from './mail-transport.js';
import { OutboxMailTransport } from './outbox-mail.transport.js';
import { OutboxRepository } from './outbox.repository.js';
import { SmtpMailTransport } from './smtp-mail.transport.js';

@Module({
  controllers: [DevOutboxController],
  providers: [
    OutboxRepository,
    {
      provide: MAIL_TRANSPORT,
      inject: [CONFIG, LOGGER, OutboxRepository],
      useFactory: (
        config: AppConfig,
        logger: AppLogger,
        outbox: OutboxRepository,
      ): MailTransport => {
        if (config.smtpUrl) return new SmtpMailTransport(config.smtpUrl, config.mailFrom);
        if (config.env === 'production') {
          logger.warn(
            'SMTP_URL is not set: mail is kept in the mail_outbox table and never delivered.',
          );
        }
        return new OutboxMailTransport(outbox);
      },
    },
    MailService,
    MailJobs,
    DevOutboxService,
  ],
  exports: [MailService],
})
export class MailModule {}
