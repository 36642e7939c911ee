import type { JobPayloads } from '../../jobs/job-names.js';

/** One message: a single recipient, a subject, a text body and optionally an HTML body. */
export type MailMessage = JobPayloads['mail.send'];

/**
 * The mail port. Adapters: SMTP through nodemailer (SMTP_URL), or the outbox table that the
 * dev-only page /dev/outbox shows (the embedded default). Only the 'mail.send' job calls it;
 * everything else goes through MailService, so mail is queued, retried and survives a crash.
 */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}
