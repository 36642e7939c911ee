import { type DynamicModule, Module } from '@nestjs/common';
import { LiveModule } from '../live/live.module.js';
import { AuthModule } from '../modules/auth/auth.module.js';
import { HealthModule } from '../modules/health/health.module.js';
import { SessionInfoModule } from '../modules/session-info/session-info.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { MailModule } from '../modules/mail/mail.module.js';
import { MaintenanceModule } from '../modules/maintenance/maintenance.module.js';
import { MetricsController } from '../modules/metrics/metrics.controller.js';
import { StorageModule } from '../modules/storage/storage.module.js';
import type { Metrics } from '../modules/metrics/metrics.js';
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
        HealthModule,
        AuthModule,
        LiveModule,
        SessionInfoModule,
        JobsModule,
        MailModule,
        MaintenanceModule,
      ],
      controllers: [MetricsController],
    };
  }
}
