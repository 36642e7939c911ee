import type { OperatorRole } from '@animata/contracts';
import type { DataSource } from 'typeorm';
import type { CustomerEntity } from '../../src/modules/customers/index.js';
import { OperatorGrants } from '../../src/modules/operators/index.js';
import { newCustomer } from './factories.js';

/** A customer holding an operator role, as `npm run operators -- grant` leaves one. */
export async function newOperator(
  dataSource: DataSource,
  role: OperatorRole,
): Promise<CustomerEntity> {
  const customer = await newCustomer(dataSource);
  await new OperatorGrants(dataSource).grant(customer.email, role);
  return customer;
}
