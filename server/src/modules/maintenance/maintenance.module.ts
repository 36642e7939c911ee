import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/index.js';
import { SessionsModule } from '../sessions/index.js';
import { MaintenanceJobs } from './maintenance.jobs.js';

@Module({
  imports: [AuthModule, SessionsModule],
  providers: [MaintenanceJobs],
})
export class MaintenanceModule {}
