import { Module } from '@nestjs/common';
import { LiveModule } from '../../live/live.module.js';
import { BillingModule } from '../billing/index.js';
import { SessionsModule } from '../sessions/index.js';
import { RenderJobsModule } from './jobs/render-jobs.module.js';
import { RenderFiles } from './render-file-store.js';
import { RenderRetention } from './render-retention.js';
import { RendersController, SharedRendersController } from './renders.controller.js';
import { RendersRepository } from './renders.repository.js';
import { RendersService } from './renders.service.js';

/**
 * Renders (issue 32): the calls of endpoints.renders, the limits, the signed share URLs and the
 * retention job. The queue, the workers and the renderer are RenderJobsModule's (RENDER_DISPATCH).
 */
@Module({
  imports: [BillingModule, LiveModule, SessionsModule, RenderJobsModule],
  controllers: [RendersController, SharedRendersController],
  providers: [RendersRepository, RendersService, RenderFiles, RenderRetention],
  exports: [RendersService, RendersRepository],
})
export class RendersModule {}
