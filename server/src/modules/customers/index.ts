// The customers module's public surface: other modules import only from here.
export { CustomerEntity } from './customer.entity.js';
export { CustomersModule } from './customers.module.js';
export { CustomersRepository, type NewCustomer, normaliseEmail } from './customers.repository.js';
