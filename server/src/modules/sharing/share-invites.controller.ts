import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Put,
  UseGuards,
} from '@nestjs/common';
import {
  endpoints,
  InviteAnswerBody,
  ShareInviteBody,
  type InviteAnswerResponse,
  type InviteLinkInfo,
  type SharingInviteResponse,
  type TeamSuccessResponse,
} from '@animata/contracts';
import { type AuthenticatedCustomer, CurrentSession, SessionGuard } from '../sessions/index.js';
import { TeamsService } from '../teams/index.js';
import { ShareInvitesService } from './share-invites.service.js';

/**
 * endpoints.invites.project / .label (issue 31), and the calls both kinds of invite share:
 * revoke (DELETE invite/{id}), answer (PUT invite/{id}) and the mailed link (invite/link/{token}).
 * An id is looked up among team invites, else among share invites; a token among share
 * invites, else team invites. Either way someone else's invite answers 404.
 */
@Controller()
export class InvitesAnswerController {
  constructor(
    private readonly shareInvites: ShareInvitesService,
    private readonly teams: TeamsService,
  ) {}

  @Post(endpoints.invites.project.path)
  @UseGuards(SessionGuard)
  @HttpCode(200)
  inviteToProject(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Body() body: ShareInviteBody,
  ): Promise<SharingInviteResponse> {
    return this.shareInvites.invite(auth, 'project', id, body);
  }

  @Post(endpoints.invites.label.path)
  @UseGuards(SessionGuard)
  @HttpCode(200)
  inviteToLabel(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Body() body: ShareInviteBody,
  ): Promise<SharingInviteResponse> {
    return this.shareInvites.invite(auth, 'label', id, body);
  }

  @Delete(endpoints.invites.delete.path)
  @UseGuards(SessionGuard)
  @HttpCode(200)
  async revoke(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
  ): Promise<TeamSuccessResponse> {
    if (await this.teams.hasInvite(id)) return this.teams.revokeInvite(auth, id);
    return this.shareInvites.revoke(auth, id);
  }

  @Put(endpoints.invites.answer.path)
  @UseGuards(SessionGuard)
  @HttpCode(200)
  async answer(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Body() body: InviteAnswerBody,
  ): Promise<InviteAnswerResponse> {
    if (await this.teams.hasInvite(id)) return this.teams.answer(auth, id, body.action);
    return this.shareInvites.answer(auth, id, body.action);
  }

  /** Public: the invite link page's data. */
  @Get(endpoints.invites.link.path)
  @Header('cache-control', 'no-store')
  async link(@Param('token') token: string): Promise<InviteLinkInfo> {
    const share = await this.shareInvites.byToken(token);
    if (share) return this.shareInvites.linkInfo(share);
    return this.teams.linkInfo(token);
  }

  @Post(endpoints.invites.answerLink.path)
  @UseGuards(SessionGuard)
  @HttpCode(200)
  async answerLink(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('token') token: string,
    @Body() body: InviteAnswerBody,
  ): Promise<InviteAnswerResponse> {
    const share = await this.shareInvites.byToken(token);
    if (share) return this.shareInvites.answerLink(auth, share, body.action);
    return this.teams.answerLink(auth, token, body.action);
  }
}
