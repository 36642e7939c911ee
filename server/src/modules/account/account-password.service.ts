import { Inject, Injectable } from '@nestjs/common';
import {
  authMessages,
  fieldMessages,
  isStrongPassword,
  type ChangePasswordRequest,
  type MessageResponse,
} from '@animata/contracts';
import type { Clock } from '../../common/clock.js';
import { CommonException } from '../../common/errors/common.exception.js';
import { CLOCK } from '../../common/tokens.js';
import { PasswordChanges, PasswordCheck, PasswordHasher } from '../auth/index.js';
import { CustomersRepository } from '../customers/index.js';
import { type AuthenticatedCustomer, SessionsService } from '../sessions/index.js';
import { AccountException } from './account.exception.js';

/**
 * Setting a new password while signed in: the strong-password screen (only `password`, allowed
 * in the session whose login used a weak password), a first password for social accounts, or a
 * change with the old password.
 */
@Injectable()
export class AccountPasswordService {
  constructor(
    private readonly customers: CustomersRepository,
    private readonly hasher: PasswordHasher,
    private readonly check: PasswordCheck,
    private readonly changes: PasswordChanges,
    private readonly sessions: SessionsService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async change(
    auth: AuthenticatedCustomer,
    dto: ChangePasswordRequest,
    ipAddress: string | null,
  ): Promise<MessageResponse> {
    const customer = await this.customers.findById(auth.customerId);
    if (!customer) throw CommonException.unauthenticated();
    if (customer.passwordHash) {
      if (dto.old_password !== undefined) {
        if (!(await this.check.matches(customer, dto.old_password, ipAddress))) {
          throw AccountException.field('old_password', authMessages.oldPasswordWrong);
        }
      } else if (!auth.passwordUpdateRequired) {
        throw AccountException.field('old_password', fieldMessages.required('Old password'));
      }
    }
    if (!isStrongPassword(dto.password))
      throw AccountException.field('password', authMessages.passwordNotValid);
    await this.customers.setPassword(
      customer.id,
      await this.hasher.hash(dto.password),
      this.clock.now(),
    );
    await this.sessions.clearPasswordUpdateRequired(auth.sessionId);
    await this.sessions.revokeOthers(customer.id, auth.sessionId);
    await this.changes.changed(customer);
    return { message: authMessages.passwordUpdated };
  }

  /** 'Update later' on the strong-password screen. */
  async postpone(auth: AuthenticatedCustomer): Promise<MessageResponse> {
    await this.customers.postponePasswordUpdate(auth.customerId, this.clock.now());
    await this.sessions.clearPasswordUpdateRequired(auth.sessionId);
    return { message: authMessages.passwordUpdateLater };
  }
}
