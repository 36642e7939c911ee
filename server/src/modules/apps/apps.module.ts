import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/index.js';
import { ProjectsModule } from '../projects/index.js';
import { SessionsModule } from '../sessions/index.js';
import { AppRegistry } from './app-registry.js';
import { CustomerAppFlagsReader } from './customer-app-flags.js';
import { OwnAppsController } from './own-apps/own-apps.controller.js';
import { OwnAppsRepository } from './own-apps/own-apps.repository.js';
import { OwnAppsService } from './own-apps/own-apps.service.js';

/**
 * Developer apps and third-party app authorization (issue 19): own-apps/ (apps, secrets,
 * managers, the developer grant) and authorization/ (consent, codes, tokens, the /api/v1 read
 * API, the other apps list). AppRegistry is the one way from the second to the first.
 */
@Module({
  imports: [CustomersModule, ProjectsModule, SessionsModule],
  controllers: [OwnAppsController],
  providers: [AppRegistry, CustomerAppFlagsReader, OwnAppsRepository, OwnAppsService],
  exports: [CustomerAppFlagsReader],
})
export class AppsModule {}
