import { Injectable } from '@nestjs/common';
import {
  billingInfoInclude,
  type BillingInfoRequest,
  type BillingInfoResponse,
} from '@animata/contracts';
import { CommonException } from '../../../common/errors/common.exception.js';
import { CustomersRepository } from '../../customers/index.js';

/**
 * The customer's billing info for invoices (billing-teams-apps §3 Customer.billing, §5, §7):
 * name and details as given (the DTO trimmed and bounded them), `include` by §5's rule against
 * the account's name and e-mail, never as the caller says. Invoices issued afterwards copy it.
 */
@Injectable()
export class BillingInfoService {
  constructor(private readonly customers: CustomersRepository) {}

  async change(customerId: string, body: BillingInfoRequest): Promise<BillingInfoResponse> {
    const customer = await this.customers.findById(customerId);
    if (!customer) throw CommonException.unauthenticated();
    const info = {
      name: body.name,
      details: body.details,
      include: billingInfoInclude(body, customer),
    };
    await this.customers.setBillingInfo(customerId, info);
    return info;
  }
}
