import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { MaintenanceJobs } from './maintenance.jobs.js';

@Module({
  imports: [AuthModule],
  providers: [MaintenanceJobs],
})
export class MaintenanceModule {}
