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
  Query,
  UseGuards,
} from '@nestjs/common';
import {
  DeleteTeamBody,
  endpoints,
  SortTeamBody,
  TeamInviteBody,
  TeamMembersQueryDto,
  TeamSlotsBody,
  TeamsQueryDto,
  TransferOwnershipBody,
  UpdateTeamBody,
  type ConfirmTransferResponse,
  type SlotsPreview,
  type TeamActivityResponse,
  type TeamInviteResponse,
  type TeamMembersResponse,
  type TeamResponse,
  type TeamsResponse,
  type TeamSuccessResponse,
  type TeamUpdateResponse,
  type TransferOwnershipResponse,
} from '@animata/contracts';
import { type AuthenticatedCustomer, CurrentSession, SessionGuard } from '../sessions/index.js';
import { TeamsService } from './teams.service.js';

/** endpoints.teams (billing-teams-apps §7, projects-dashboard §7; issue 30). */
@Controller()
@UseGuards(SessionGuard)
export class TeamsController {
  constructor(private readonly teams: TeamsService) {}

  @Get(endpoints.teams.list.path)
  @Header('cache-control', 'no-store')
  list(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Query() query: TeamsQueryDto,
  ): Promise<TeamsResponse> {
    return this.teams.list(auth, query.labels === true);
  }

  @Get(endpoints.teams.members.path)
  @Header('cache-control', 'no-store')
  members(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Query() query: TeamMembersQueryDto,
  ): Promise<TeamMembersResponse> {
    return this.teams.members(auth, query.teamId);
  }

  @Get(endpoints.teams.get.path)
  @Header('cache-control', 'no-store')
  get(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
  ): Promise<TeamResponse> {
    return this.teams.get(auth, id);
  }

  @Put(endpoints.teams.update.path)
  @HttpCode(200)
  rename(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Body() body: UpdateTeamBody,
  ): Promise<TeamUpdateResponse> {
    return this.teams.rename(auth, id, body.title);
  }

  @Put(endpoints.teams.sort.path)
  @HttpCode(200)
  sort(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Body() body: SortTeamBody,
  ): Promise<TeamUpdateResponse> {
    return this.teams.sort(auth, id, body.ids);
  }

  @Delete(endpoints.teams.removeMember.path)
  @HttpCode(200)
  removeMember(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
  ): Promise<TeamSuccessResponse> {
    return this.teams.removeMember(auth, id);
  }

  @Delete(endpoints.teams.delete.path)
  @HttpCode(200)
  delete(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: DeleteTeamBody,
  ): Promise<TeamSuccessResponse> {
    return this.teams.deleteTeam(auth, body.id);
  }

  @Put(endpoints.teams.slots.path)
  @HttpCode(200)
  slots(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Body() body: TeamSlotsBody,
  ): Promise<TeamUpdateResponse> {
    return this.teams.setSlots(auth, id, body.extra);
  }

  @Post(endpoints.teams.slotsPreview.path)
  @HttpCode(200)
  slotsPreview(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Body() body: TeamSlotsBody,
  ): Promise<SlotsPreview> {
    return this.teams.previewSlots(auth, id, body.extra);
  }

  @Get(endpoints.teams.activity.path)
  @Header('cache-control', 'no-store')
  activity(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
  ): Promise<TeamActivityResponse> {
    return this.teams.activity(auth, id);
  }

  @Post(endpoints.teams.transferOwnership.path)
  @HttpCode(200)
  transferOwnership(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Body() body: TransferOwnershipBody,
  ): Promise<TransferOwnershipResponse> {
    return this.teams.transferOwnership(auth, id, body.memberId);
  }

  @Post(endpoints.teams.confirmTransfer.path)
  @HttpCode(200)
  confirmTransfer(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('token') token: string,
  ): Promise<ConfirmTransferResponse> {
    return this.teams.confirmTransfer(auth, token);
  }
}

/**
 * endpoints.invites.team (billing-teams-apps §7). Revoking, answering and the link of an invite
 * serve team and share invites alike: the sharing module's InvitesAnswerController.
 */
@Controller()
export class InvitesController {
  constructor(private readonly teams: TeamsService) {}

  @Post(endpoints.invites.team.path)
  @UseGuards(SessionGuard)
  @HttpCode(200)
  invite(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Body() body: TeamInviteBody,
  ): Promise<TeamInviteResponse> {
    return this.teams.invite(auth, id, body);
  }
}
