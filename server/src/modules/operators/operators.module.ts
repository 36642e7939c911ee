import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/index.js';
import { QueueDashboard } from './queue-dashboard.js';

/**
 * The operators' side (issue 32): the queue dashboard at /admin/queues. The roles are granted by
 * `npm run operators` (OperatorGrants) and read by the access layer.
 */
@Module({
  imports: [SessionsModule],
  providers: [QueueDashboard],
  exports: [QueueDashboard],
})
export class OperatorsModule {}
