import { Inject, Injectable } from '@nestjs/common';
import {
  accountMessages,
  type ChangeAccountInfoRequest,
  type ChangeAccountInfoResponse,
} from '@animata/contracts';
import { AccessService, Permission } from '../../common/access/index.js';
import type { Clock } from '../../common/clock.js';
import { CommonException } from '../../common/errors/common.exception.js';
import { CLOCK } from '../../common/tokens.js';
import { CustomersRepository } from '../customers/index.js';
import type { AuthenticatedCustomer } from '../sessions/index.js';

/** The name and the newsletter choice (POST {api}/account/change-account-info). */
@Injectable()
export class ProfileService {
  constructor(
    private readonly customers: CustomersRepository,
    private readonly access: AccessService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async change(
    auth: AuthenticatedCustomer,
    request: ChangeAccountInfoRequest,
  ): Promise<ChangeAccountInfoResponse> {
    if (request.name === undefined && request.unsubscribed === undefined) {
      throw CommonException.validation({ '.': accountMessages.nothingToChange });
    }
    await this.access.require(auth, Permission.AccountUpdate, [auth.customerId]);
    if (request.name !== undefined) await this.customers.setName(auth.customerId, request.name);
    if (request.unsubscribed !== undefined) {
      await this.customers.setNewsletter(auth.customerId, request.unsubscribed, this.clock.now());
    }
    const customer = await this.customers.findById(auth.customerId);
    if (!customer) throw CommonException.unauthenticated();
    return { name: customer.name, unsubscribed: customer.newsletterUnsubscribed };
  }
}
