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
  RemoveSharedBody,
  RemoveShareBody,
  TeamShareBody,
  UpdateShareAccessBody,
  type SharingRemoveResponse,
  type SharingResponse,
  type SharingSuccessResponse,
} from '@animata/contracts';
import { type AuthenticatedCustomer, CurrentSession, SessionGuard } from '../sessions/index.js';
import { SharingService } from './sharing.service.js';

/** endpoints.sharing (projects-dashboard §7 "Sharing and invites"; issue 31). */
@Controller()
@UseGuards(SessionGuard)
export class SharingController {
  constructor(private readonly sharing: SharingService) {}

  @Get(endpoints.sharing.project.path)
  @Header('cache-control', 'no-store')
  project(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
  ): Promise<SharingResponse> {
    return this.sharing.get(auth, 'project', id);
  }

  @Get(endpoints.sharing.label.path)
  @Header('cache-control', 'no-store')
  label(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
  ): Promise<SharingResponse> {
    return this.sharing.get(auth, 'label', id);
  }

  @Put(endpoints.sharing.projectCustomer.path)
  @HttpCode(200)
  projectCustomer(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Body() body: UpdateShareAccessBody,
  ): Promise<SharingSuccessResponse> {
    return this.sharing.updateAccess(auth, 'project', id, body.access);
  }

  @Put(endpoints.sharing.labelCustomer.path)
  @HttpCode(200)
  labelCustomer(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Body() body: UpdateShareAccessBody,
  ): Promise<SharingSuccessResponse> {
    return this.sharing.updateAccess(auth, 'label', id, body.access);
  }

  @Delete(endpoints.sharing.removeProject.path)
  @HttpCode(200)
  removeProject(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Body() body: RemoveShareBody,
  ): Promise<SharingSuccessResponse> {
    return this.sharing.remove(auth, 'project', id, body);
  }

  @Delete(endpoints.sharing.removeLabel.path)
  @HttpCode(200)
  removeLabel(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Body() body: RemoveShareBody,
  ): Promise<SharingSuccessResponse> {
    return this.sharing.remove(auth, 'label', id, body);
  }

  @Put(endpoints.sharing.teamProject.path)
  @HttpCode(200)
  teamProject(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Body() body: TeamShareBody,
  ): Promise<SharingSuccessResponse> {
    return this.sharing.shareWithTeam(auth, 'project', id, body.team, body.grantAccess);
  }

  @Put(endpoints.sharing.teamLabel.path)
  @HttpCode(200)
  teamLabel(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Body() body: TeamShareBody,
  ): Promise<SharingSuccessResponse> {
    return this.sharing.shareWithTeam(auth, 'label', id, body.team, body.grantAccess);
  }

  @Post(endpoints.sharing.removeProjects.path)
  @HttpCode(200)
  removeProjects(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: RemoveSharedBody,
  ): Promise<SharingRemoveResponse> {
    return this.sharing.removeShared(auth, 'project', body.ids, body.teamId);
  }

  @Post(endpoints.sharing.removeLabels.path)
  @HttpCode(200)
  removeLabels(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: RemoveSharedBody,
  ): Promise<SharingRemoveResponse> {
    return this.sharing.removeShared(auth, 'label', body.ids, body.teamId);
  }
}
