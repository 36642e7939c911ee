import { Module } from '@nestjs/common';
import { LiveModule } from '../../live/live.module.js';
import { BillingModule } from '../billing/index.js';
import { TeamsModule } from '../teams/index.js';
import { CustomersModule } from '../customers/index.js';
import { SessionsModule } from '../sessions/index.js';
import { LabelsController, OnboardingController } from './labels.controller.js';
import { LabelsRepository } from './labels.repository.js';
import { LabelsService } from './labels.service.js';
import { OnboardingService } from './onboarding.service.js';
import { ProjectsController } from './projects.controller.js';
import { ProjectsRepository } from './projects.repository.js';
import { ProjectsService } from './projects.service.js';
import { ProjectThumbnailsModule } from './thumbnails/thumbnails.module.js';

/**
 * Projects, folders and the projects onboarding (issue 17). Exports ProjectsService, which the
 * import and export (ProjectFilesModule) call, and ProjectsRepository for the customer object's
 * usage.
 */
@Module({
  imports: [
    BillingModule,
    CustomersModule,
    LiveModule,
    SessionsModule,
    ProjectThumbnailsModule,
    TeamsModule,
  ],
  controllers: [ProjectsController, LabelsController, OnboardingController],
  providers: [
    ProjectsRepository,
    LabelsRepository,
    ProjectsService,
    LabelsService,
    OnboardingService,
  ],
  exports: [ProjectsService, ProjectsRepository],
})
export class ProjectsModule {}
