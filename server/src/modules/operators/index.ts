// The operators module's public surface.
export { OperatorsModule } from './operators.module.js';
export { QueueDashboard } from './queue-dashboard.js';
export { OperatorGrants, type Operator } from './operator-grants.js';
