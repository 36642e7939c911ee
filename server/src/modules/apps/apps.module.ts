import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/index.js';
import { ProjectsModule } from '../projects/index.js';
import { SessionsModule } from '../sessions/index.js';
import { AppRegistry } from './app-registry.js';
import { CustomerAppFlagsReader } from './customer-app-flags.js';
import {
  ApiV1Controller,
  ApiV1Service,
  OAuthMetadataController,
  AppAuthorizationController,
  AppAuthorizationRepository,
  AppAuthorizationService,
  AppTokenController,
  AppTokenService,
  BearerGuard,
  OtherAppsController,
} from './authorization/index.js';
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
  controllers: [
    // The authorization server (issue19-auth-server).
    AppAuthorizationController,
    AppTokenController,
    OtherAppsController,
    ApiV1Controller,
    OAuthMetadataController,
    // Own apps (issue19-own-apps).
    OwnAppsController,
  ],
  providers: [
    AppRegistry,
    CustomerAppFlagsReader,
    // The authorization server (issue19-auth-server).
    AppAuthorizationRepository,
    AppAuthorizationService,
    AppTokenService,
    ApiV1Service,
    BearerGuard,
    // Own apps (issue19-own-apps).
    OwnAppsRepository,
    OwnAppsService,
  ],
  exports: [CustomerAppFlagsReader, AppAuthorizationRepository],
})
export class AppsModule {}
