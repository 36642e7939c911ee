import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { apiPaths, type SessionInfoResponse } from '@animata/contracts';
import { CommonException } from '../../common/errors/common.exception.js';
import { Auth, SessionGuard } from '../../common/http/session.guard.js';
import { CustomersRepository } from '../customers/customers.repository.js';
import type { AuthenticatedCustomer } from './sessions.service.js';

@Controller()
export class SessionInfoController {
  constructor(private readonly customers: CustomersRepository) {}

  @Get(apiPaths.session)
  @UseGuards(SessionGuard)
  @Header('cache-control', 'no-store')
  async me(@Auth() auth: AuthenticatedCustomer): Promise<SessionInfoResponse> {
    const customer = await this.customers.findById(auth.customerId);
    if (!customer) throw CommonException.unauthenticated();
    return {
      customerId: customer.id,
      email: customer.email,
      name: customer.name,
      verified: customer.verifiedAt !== null,
      hasPassword: customer.passwordHash !== null,
      passwordUpdateRequired: auth.passwordUpdateRequired,
      twoFactorEnabled: customer.twoFactorEnabled,
    };
  }
}
