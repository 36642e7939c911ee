import { Body, Controller, Get, Header, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  ChangeAccountInfoRequest,
  endpoints,
  type ChangeAccountInfoResponse,
  type CustomerResponse,
} from '@animata/contracts';
import { type AuthenticatedCustomer, CurrentSession, SessionGuard } from '../sessions/index.js';
import { CustomerService } from './customer.service.js';
import { ProfileService } from './profile.service.js';

/** The customer object of the account area, and its name and newsletter rows. */
@Controller()
@UseGuards(SessionGuard)
export class CustomerController {
  constructor(
    private readonly customer: CustomerService,
    private readonly profile: ProfileService,
  ) {}

  @Get(endpoints.customer.get.path)
  @Header('cache-control', 'no-store')
  get(@CurrentSession() auth: AuthenticatedCustomer): Promise<CustomerResponse> {
    return this.customer.of(auth);
  }

  @Post(endpoints.account.changeAccountInfo.path)
  @HttpCode(200)
  changeAccountInfo(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() dto: ChangeAccountInfoRequest,
  ): Promise<ChangeAccountInfoResponse> {
    return this.profile.change(auth, dto);
  }
}
