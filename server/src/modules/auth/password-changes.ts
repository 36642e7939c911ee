import { Injectable } from '@nestjs/common';
import { AuthMailer } from './auth-mailer.js';
import { AuthTokensService } from './auth-tokens.service.js';

/**
 * What follows any new password, set from the account page or through a reset link: every reset
 * link still outstanding stops working, and the owner is told by mail.
 */
@Injectable()
export class PasswordChanges {
  constructor(
    private readonly tokens: AuthTokensService,
    private readonly mailer: AuthMailer,
  ) {}

  async changed(customer: { id: string; email: string }): Promise<void> {
    await this.tokens.revokeAll(customer.id, 'reset-password');
    await this.mailer.passwordChanged(customer.email);
  }
}
