import { type DynamicModule, Module } from '@nestjs/common';
import { AccessModule } from '../common/access/index.js';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module.js';
import { LiveModule } from '../live/live.module.js';
import { AccountModule } from '../modules/account/index.js';
import { AppsModule } from '../modules/apps/index.js';
import { AuthModule } from '../modules/auth/index.js';
import { BillingModule, WebhooksModule } from '../modules/billing/index.js';

import { CouponsModule } from '../modules/coupons/index.js';
import { HealthModule } from '../modules/health/index.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { MailModule } from '../modules/mail/index.js';
import { MaintenanceModule } from '../modules/maintenance/index.js';
import {
  ProjectFilesModule,
  ProjectsModule,
  ProjectThumbnailsModule,
} from '../modules/projects/index.js';
import { RendersModule } from '../modules/renders/index.js';
import { StorageModule } from '../modules/storage/index.js';
import { RenderJobsModule } from '../modules/renders/jobs/render-jobs.module.js';
import { PublicLinksModule, ShareInvitesModule, SharingModule } from '../modules/sharing/index.js';
import { TeamsModule } from '../modules/teams/index.js';
import type { Metrics } from '../common/metrics/metrics.js';
import { CoreModule } from './core.module.js';
import type { Runtime } from './runtime.js';

@Module({})
export class AppModule {
  static register(runtime: Runtime, metrics: Metrics): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(runtime, metrics),
        StorageModule,
        RateLimitModule,
        AccessModule,
        HealthModule,
        AuthModule,
        AccountModule,
        AppsModule,
        CouponsModule,
        BillingModule,
        WebhooksModule,
        TeamsModule,
        ShareInvitesModule,
        SharingModule,
        LiveModule,
        JobsModule,
        MailModule,
        MaintenanceModule,
        ProjectThumbnailsModule,
        ProjectsModule,
        ProjectFilesModule,
        PublicLinksModule,
        RendersModule,
        // Registers the render jobs' handlers; the renders API imports it for RENDER_DISPATCH.
        RenderJobsModule,
      ],
    };
  }
}
