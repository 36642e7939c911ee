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
  AddAppManagerRequest,
  CreateOwnAppRequest,
  endpoints,
  UpdateOwnAppRequest,
  type OwnAppsResponse,
} from '@animata/contracts';
import { type AuthenticatedCustomer, CurrentSession, SessionGuard } from '../../sessions/index.js';
import { OwnAppsService } from './own-apps.service.js';

/**
 * endpoints.ownApps (billing-teams-apps §7): every call answers `{ ownApps, canCreateApps }`,
 * the apps newest first.
 */
@Controller()
@UseGuards(SessionGuard)
export class OwnAppsController {
  constructor(private readonly ownApps: OwnAppsService) {}

  @Get(endpoints.ownApps.list.path)
  @Header('cache-control', 'no-store')
  list(@CurrentSession() auth: AuthenticatedCustomer): Promise<OwnAppsResponse> {
    return this.ownApps.list(auth);
  }

  @Post(endpoints.ownApps.create.path)
  @HttpCode(201)
  @Header('cache-control', 'no-store')
  create(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: CreateOwnAppRequest,
  ): Promise<OwnAppsResponse> {
    return this.ownApps.create(auth, body);
  }

  @Put(endpoints.ownApps.update.path)
  @HttpCode(200)
  update(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Body() body: UpdateOwnAppRequest,
  ): Promise<OwnAppsResponse> {
    return this.ownApps.update(auth, id, body);
  }

  @Delete(endpoints.ownApps.delete.path)
  @HttpCode(200)
  delete(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
  ): Promise<OwnAppsResponse> {
    return this.ownApps.delete(auth, id);
  }

  @Post(endpoints.ownApps.regenerateSecret.path)
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  regenerateSecret(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
  ): Promise<OwnAppsResponse> {
    return this.ownApps.regenerateSecret(auth, id);
  }

  @Post(endpoints.ownApps.addManager.path)
  @HttpCode(200)
  addManager(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: AddAppManagerRequest,
  ): Promise<OwnAppsResponse> {
    return this.ownApps.addManager(auth, body);
  }

  @Delete(endpoints.ownApps.removeManager.path)
  @HttpCode(200)
  removeManager(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
  ): Promise<OwnAppsResponse> {
    return this.ownApps.removeManager(auth, id);
  }
}
