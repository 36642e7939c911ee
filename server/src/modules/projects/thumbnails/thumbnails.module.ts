import { Module } from '@nestjs/common';
import { LiveModule } from '../../../live/live.module.js';
import { PreviewRequeue } from './preview-requeue.js';
import { ThumbnailJobs } from './thumbnail.jobs.js';
import { ThumbnailRepository } from './thumbnail.repository.js';
import { ThumbnailScheduler } from './thumbnail-scheduler.js';

/**
 * Project previews: the scheduler the projects module calls on every data change, and the
 * 'projects.thumbnail' handler. Imported by ProjectsModule (and by the app, so the handler is
 * registered even where nothing else imports it).
 */
@Module({
  imports: [LiveModule],
  providers: [ThumbnailRepository, ThumbnailScheduler, ThumbnailJobs, PreviewRequeue],
  exports: [ThumbnailScheduler, PreviewRequeue],
})
export class ProjectThumbnailsModule {}
