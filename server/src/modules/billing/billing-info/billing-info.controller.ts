import { Body, Controller, Header, Put, UseGuards } from '@nestjs/common';
import { BillingInfoBody, endpoints, type BillingInfoResponse } from '@animata/contracts';
import { type AuthenticatedCustomer, CurrentSession, SessionGuard } from '../../sessions/index.js';
import { BillingInfoService } from './billing-info.service.js';

/** PUT customer/billing-info: the signed-in customer's own billing info (decision billing-1). */
@Controller()
@UseGuards(SessionGuard)
export class BillingInfoController {
  constructor(private readonly billingInfo: BillingInfoService) {}

  @Put(endpoints.customer.billingInfo.path)
  @Header('cache-control', 'no-store')
  change(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: BillingInfoBody,
  ): Promise<BillingInfoResponse> {
    return this.billingInfo.change(auth.customerId, body);
  }
}
