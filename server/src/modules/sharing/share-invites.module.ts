import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/index.js';
import { BillingModule } from '../billing/index.js';
import { CustomersModule } from '../customers/index.js';
import { MailModule } from '../mail/index.js';
import { SessionsModule } from '../sessions/index.js';
import { TeamsModule } from '../teams/index.js';
import { ShareInviteMailer } from './share-invite-mailer.js';
import { InvitesAnswerController } from './share-invites.controller.js';
import { ShareInvitesRepository } from './share-invites.repository.js';
import { ShareInvitesService } from './share-invites.service.js';
import { SharingModule } from './sharing.module.js';

/**
 * Share invites (issue 31): invites to a project or a folder by e-mail, and the invite calls
 * team and share invites have in common (revoke, answer, the mailed link). Exports the service
 * for the customer object's invites.
 */
@Module({
  imports: [
    AuthModule,
    BillingModule,
    CustomersModule,
    MailModule,
    SessionsModule,
    SharingModule,
    TeamsModule,
  ],
  controllers: [InvitesAnswerController],
  providers: [ShareInvitesRepository, ShareInvitesService, ShareInviteMailer],
  exports: [ShareInvitesService],
})
export class ShareInvitesModule {}
