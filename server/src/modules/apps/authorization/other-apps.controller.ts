import { Controller, Delete, Get, Header, HttpCode, Param, UseGuards } from '@nestjs/common';
import { endpoints, type OtherAppsResponse } from '@animata/contracts';
import { type AuthenticatedCustomer, CurrentSession, SessionGuard } from '../../sessions/index.js';
import { AppAuthorizationService } from './app-authorization.service.js';

/** The other apps table's calls (billing-teams-apps §7): each answers the whole list. */
@Controller()
@UseGuards(SessionGuard)
export class OtherAppsController {
  constructor(private readonly authorizations: AppAuthorizationService) {}

  @Get(endpoints.otherApps.list.path)
  @Header('cache-control', 'no-store')
  list(@CurrentSession() auth: AuthenticatedCustomer): Promise<OtherAppsResponse> {
    return this.authorizations.list(auth);
  }

  @Delete(endpoints.otherApps.revoke.path)
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  revoke(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
  ): Promise<OtherAppsResponse> {
    return this.authorizations.revoke(auth, id);
  }
}
