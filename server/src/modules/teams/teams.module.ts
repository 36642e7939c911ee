import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/index.js';
import { BillingModule } from '../billing/index.js';
import { CustomersModule } from '../customers/index.js';
import { MailModule } from '../mail/index.js';
import { SessionsModule } from '../sessions/index.js';
import { TeamMailer } from './team-mailer.js';
import { TeamViews } from './team-views.js';
import { InvitesController, TeamsController } from './teams.controller.js';
import { TeamsRepository } from './teams.repository.js';
import { TeamsService } from './teams.service.js';

/**
 * Teams (issue 30): members, seats, invites, roles, activity, ownership transfer, and the
 * minimum of team sharing the team views need. Made by paying for the team plan (it listens to
 * the billing ledger); exports TeamsService (the customer object's invites, the cycle turn) and
 * TeamViews (the projects dashboard's team views).
 */
@Module({
  imports: [AuthModule, BillingModule, CustomersModule, MailModule, SessionsModule],
  controllers: [TeamsController, InvitesController],
  providers: [TeamsRepository, TeamsService, TeamMailer, TeamViews],
  exports: [TeamsService, TeamViews, TeamsRepository],
})
export class TeamsModule {}
