// The mail module's public surface.
export { MailModule } from './mail.module.js';
export { MailService } from './mail.service.js';
export { OutboxMailEntity } from './outbox-mail.entity.js';
