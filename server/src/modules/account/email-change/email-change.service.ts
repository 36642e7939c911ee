import { Inject, Injectable } from '@nestjs/common';
import {
  accountLabels,
  emailChangeMessages,
  fieldMessages,
  type ChangeEmailRequest,
  type EmailChangeLinkResponse,
  type EmailChangeStatus,
  type MessageResponse,
} from '@animata/contracts';
import { AccessService, Permission } from '../../../common/access/index.js';
import type { Clock } from '../../../common/clock.js';
import { CommonException } from '../../../common/errors/common.exception.js';
import { hashToken, newToken } from '../../../common/ids.js';
import { CLOCK } from '../../../common/tokens.js';
import { AuthLimits, AuthMailer, AuthTokensRepository, PasswordCheck } from '../../auth/index.js';
import { CustomersRepository, normaliseEmail } from '../../customers/index.js';
import type { AuthenticatedCustomer } from '../../sessions/index.js';
import { AccountException } from '../account.exception.js';
import { EmailChangeRepository } from './email-change.repository.js';

/** A confirmation link lives a day (decision 55). */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The e-mail change of the account page (account-and-auth §4.1, §7): none, then pending once a
 * confirmation link is mailed to the new address; the address changes only when the link is
 * followed. The password is asked for (and counted like a login); customers without one are
 * refused, so a stolen session of a social account cannot move its address.
 */
@Injectable()
export class EmailChangeService {
  constructor(
    private readonly changes: EmailChangeRepository,
    private readonly customers: CustomersRepository,
    private readonly passwords: PasswordCheck,
    private readonly limits: AuthLimits,
    private readonly mailer: AuthMailer,
    private readonly tokens: AuthTokensRepository,
    private readonly access: AccessService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async status(auth: AuthenticatedCustomer): Promise<EmailChangeStatus> {
    const pending = await this.changes.findPending(auth.customerId, this.clock.now());
    if (!pending) return {};
    return { message: emailChangeMessages.pending(pending.newEmail), newEmail: pending.newEmail };
  }

  async request(
    auth: AuthenticatedCustomer,
    request: ChangeEmailRequest,
    ipAddress: string | null,
  ): Promise<MessageResponse> {
    await this.access.require(auth, Permission.AccountUpdate, [auth.customerId]);
    const customer = await this.customers.findById(auth.customerId);
    if (!customer) throw CommonException.unauthenticated();
    if (!customer.passwordHash) throw AccountException.refused(emailChangeMessages.noPassword);
    const now = this.clock.now();
    let newEmail: string;

    if (request.resend) {
      // Resend mails the pending change again, whatever address the page still shows.
      const pending = await this.changes.findPending(customer.id, now);
      if (!pending) throw AccountException.notice(emailChangeMessages.nothingToResend);
      newEmail = pending.newEmail;
      // Someone took the address since: a new link could only be refused when followed.
      if (await this.customers.findByEmail(newEmail)) {
        throw AccountException.refused(emailChangeMessages.inUse, {
          email: emailChangeMessages.inUse,
        });
      }
    } else {
      // The DTO checks the address unless resending; this keeps the type honest.
      if (typeof request.newEmail !== 'string') {
        throw AccountException.field('newEmail', fieldMessages.required(accountLabels.email));
      }
      newEmail = normaliseEmail(request.newEmail);
      if (request.password === undefined) {
        throw AccountException.field('password', fieldMessages.required(accountLabels.password));
      }
      if (!(await this.passwords.matches(customer, request.password, ipAddress))) {
        throw AccountException.refused(emailChangeMessages.passwordWrong, {
          password: emailChangeMessages.passwordWrong,
        });
      }
      if (newEmail === customer.email) {
        throw AccountException.field('newEmail', emailChangeMessages.sameAddress);
      }
      if (await this.customers.findByEmail(newEmail)) {
        throw AccountException.refused(emailChangeMessages.inUse, {
          email: emailChangeMessages.inUse,
        });
      }
    }

    await this.limits.perCustomer(customer.id);
    await this.limits.requireMailAllowed(newEmail);

    const token = newToken();
    await this.changes.save({
      customerId: customer.id,
      newEmail,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
      lastSentAt: now,
    });
    await this.mailer.emailChangeConfirmation(newEmail, customer.name, token);
    if (!request.resend) await this.mailer.emailChangeRequested(customer.email, newEmail);
    return { message: emailChangeMessages.sent(newEmail) };
  }

  async cancel(auth: AuthenticatedCustomer): Promise<MessageResponse> {
    await this.access.require(auth, Permission.AccountUpdate, [auth.customerId]);
    await this.changes.delete(auth.customerId);
    return { message: emailChangeMessages.cancelled };
  }

  /**
   * Whether a link still works and which address it confirms, asked when its page opens; uses
   * nothing up. Like reset links it needs no rate limit: the token holds 256 random bits.
   */
  async checkLink(token: string): Promise<EmailChangeLinkResponse> {
    const change = await this.changes.findLiveByToken(hashToken(token), this.clock.now());
    if (!change) throw AccountException.notice(emailChangeMessages.linkInvalid);
    return { newEmail: change.newEmail };
  }

  /**
   * Follows the mailed link: the address changes and counts as verified (the link reached it).
   * Reset and verification links sent to the old address stop working.
   */
  async confirm(token: string): Promise<MessageResponse> {
    const now = this.clock.now();
    const result = await this.changes.confirm(hashToken(token), now);
    if (result.status === 'unknown') throw AccountException.notice(emailChangeMessages.linkInvalid);
    if (result.status === 'taken') {
      throw AccountException.refused(emailChangeMessages.inUse, {
        email: emailChangeMessages.inUse,
      });
    }
    await this.tokens.revokeAll(result.customerId, 'reset-password', now);
    await this.tokens.revokeAll(result.customerId, 'verify-email', now);
    return { message: emailChangeMessages.changed };
  }
}
