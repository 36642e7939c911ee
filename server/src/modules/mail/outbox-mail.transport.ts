import type { MailMessage, MailTransport } from './mail-transport.js';
import type { OutboxRepository } from './outbox.repository.js';

/** The embedded default: mail is kept in the database and read at /dev/outbox. */
export class OutboxMailTransport implements MailTransport {
  readonly kind = 'outbox' as const;

  constructor(private readonly outbox: OutboxRepository) {}

  send(message: MailMessage): Promise<void> {
    return this.outbox.insert(message);
  }
}
