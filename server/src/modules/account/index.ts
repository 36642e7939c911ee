// The account module's public surface.
export { AccountModule } from './account.module.js';
export { EmailChangeRepository } from './email-change/email-change.repository.js';
