import { Inject, Injectable } from '@nestjs/common';
import { JOB_QUEUE } from '../../common/tokens.js';
import type { JobQueue } from '../../jobs/job-queue.port.js';
import type { MailMessage } from './mail-transport.js';

export interface SendOptions {
  /** Makes the send idempotent: the same key within the queue's retention sends once. */
  dedupeKey?: string;
}

/**
 * How every feature sends mail. It only enqueues 'mail.send': the job delivers through the
 * transport, so a slow or failing mail server never slows a request, and mail is retried.
 */
@Injectable()
export class MailService {
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue) {}

  async send(message: MailMessage, options: SendOptions = {}): Promise<void> {
    const to = message.to.trim();
    if (to === '' || /[\r\n,;]/.test(to)) {
      throw new Error(`A mail needs exactly one recipient, got ${JSON.stringify(message.to)}.`);
    }
    await this.queue.add(
      'mail.send',
      {
        to,
        // A header is one line: a stray newline must not end up in the Subject.
        subject: message.subject.replace(/\s+/g, ' ').trim(),
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      },
      options.dedupeKey ? { jobId: `mail.${options.dedupeKey}` } : {},
    );
  }
}
