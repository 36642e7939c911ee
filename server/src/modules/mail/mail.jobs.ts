import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { MAIL_TRANSPORT } from '../../common/tokens.js';
import { JobRegistry } from '../../jobs/job-registry.js';
import type { MailTransport } from './mail-transport.js';

/** The handler of 'mail.send': deliver through the configured transport. */
@Injectable()
export class MailJobs implements OnModuleInit {
  constructor(
    private readonly registry: JobRegistry,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
  ) {}

  onModuleInit(): void {
    this.registry.register('mail.send', async (job) => {
      await this.transport.send(job.data);
      return { via: this.transport.kind };
    });
  }
}
