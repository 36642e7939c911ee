import { Module } from '@nestjs/common';
import { PasswordHasher } from '../../auth/index.js';
import { SessionsModule } from '../../sessions/index.js';
import { SharingModule } from '../sharing.module.js';
import { PublicLinkController, PublicProjectsController } from './public-links.controller.js';
import { PublicLinksRepository } from './public-links.repository.js';
import { PublicLinksService } from './public-links.service.js';

/**
 * Public links of projects (issue 31): the owner's settings and the public calls. Exports
 * PublicLinksService, whose requireProAccess the projects update's `is_public` follows.
 */
@Module({
  imports: [SessionsModule, SharingModule],
  controllers: [PublicLinkController, PublicProjectsController],
  providers: [PublicLinksRepository, PublicLinksService, PasswordHasher],
  exports: [PublicLinksService],
})
export class PublicLinksModule {}
