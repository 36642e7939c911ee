import { Module } from '@nestjs/common';
import { LiveModule } from '../../live/live.module.js';
import { BillingModule } from '../billing/index.js';
import { SessionsModule } from '../sessions/index.js';
import { SharingController } from './sharing.controller.js';
import { SharingRepository } from './sharing.repository.js';
import { SharingService } from './sharing.service.js';

/**
 * Sharing projects and folders (issue 31; projects-dashboard §2-§8): the share dialog's reads,
 * changing and removing grants, team sharing and dropping one's own access. Exports
 * SharingService (planOf, requirePro, notify) and SharingRepository for the invites and the
 * public link.
 */
@Module({
  imports: [BillingModule, LiveModule, SessionsModule],
  controllers: [SharingController],
  providers: [SharingRepository, SharingService],
  exports: [SharingService, SharingRepository],
})
export class SharingModule {}
