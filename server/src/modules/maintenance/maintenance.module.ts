import { Module } from '@nestjs/common';
import { AccountModule } from '../account/index.js';
import { AppsModule } from '../apps/index.js';
import { AuthModule } from '../auth/index.js';
import { BillingModule } from '../billing/index.js';
import { ProjectThumbnailsModule } from '../projects/index.js';
import { SessionsModule } from '../sessions/index.js';
import { TeamsModule } from '../teams/index.js';
import { MaintenanceJobs } from './maintenance.jobs.js';

@Module({
  imports: [
    AccountModule,
    AppsModule,
    AuthModule,
    BillingModule,
    ProjectThumbnailsModule,
    SessionsModule,
    TeamsModule,
  ],
  providers: [MaintenanceJobs],
})
export class MaintenanceModule {}
