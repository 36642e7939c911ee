import { Module } from '@nestjs/common';
import { LiveModule } from '../../../live/live.module.js';
import { RENDER_DISPATCH } from '../render-dispatch.port.js';
import { RenderBus } from './render-bus.js';
import { RenderDispatchService } from './render-dispatch.service.js';
import { RenderJobsRepository } from './render-jobs.repository.js';
import { RenderJobs } from './render.jobs.js';

/**
 * The render jobs (issue 32): the customers' lines and the render queue (RENDER_DISPATCH), the
 * render job run in a child process per worker slot, live progress, abort on any machine, and
 * the recovery sweep. The renders API imports it for RENDER_DISPATCH.
 */
@Module({
  imports: [LiveModule],
  providers: [
    RenderJobsRepository,
    RenderBus,
    RenderDispatchService,
    { provide: RENDER_DISPATCH, useExisting: RenderDispatchService },
    RenderJobs,
  ],
  exports: [RENDER_DISPATCH],
})
export class RenderJobsModule {}
