// The demo module's public surface: the first-start seeding of the demo customer.
export { type DemoCredentials, seedDemoCustomer } from './demo-seeder.js';
