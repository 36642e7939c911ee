import { Module } from '@nestjs/common';
import { SessionsModule } from '../../sessions/index.js';
import { UploadsModule } from '../../uploads/index.js';
import { ProjectsModule } from '../projects.module.js';
import { ProjectFilesController } from './project-files.controller.js';
import { ProjectFilesRepository } from './project-files.repository.js';
import { ProjectFilesService } from './project-files.service.js';

/** Import, export and the preview files of projects, on top of ProjectsService. */
@Module({
  imports: [ProjectsModule, SessionsModule, UploadsModule],
  controllers: [ProjectFilesController],
  providers: [ProjectFilesRepository, ProjectFilesService],
})
export class ProjectFilesModule {}
