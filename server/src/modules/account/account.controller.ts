import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Ip,
  Param,
  Post,
  Put,
  UseGuards,
} from '@nestjs/common';
import {
  endpoints,
  ChangePasswordRequest,
  type MessageResponse,
  type EndedSessionsResponse,
  type SessionInfoResponse,
  type SessionsResponse,
  TwoFactorSettingRequest,
} from '@animata/contracts';
import { type AuthenticatedCustomer, CurrentSession, SessionGuard } from '../sessions/index.js';
import { AccountPasswordService } from './account-password.service.js';
import { AccountService } from './account.service.js';

/** The signed-in customer's account: session info, password, two-factor setting, sessions. */
@Controller()
@UseGuards(SessionGuard)
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly passwords: AccountPasswordService,
  ) {}

  @Get(endpoints.account.session.path)
  @Header('cache-control', 'no-store')
  me(@CurrentSession() auth: AuthenticatedCustomer): Promise<SessionInfoResponse> {
    return this.account.sessionInfo(auth);
  }

  @Post(endpoints.account.changePassword.path)
  @HttpCode(200)
  changePassword(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() dto: ChangePasswordRequest,
    @Ip() ipAddress: string,
  ): Promise<MessageResponse> {
    return this.passwords.change(auth, dto, ipAddress);
  }

  /** 'Update later' of the strong-password screen. */
  @Delete(endpoints.account.postponePasswordUpdate.path)
  @HttpCode(200)
  postponePasswordUpdate(@CurrentSession() auth: AuthenticatedCustomer): Promise<MessageResponse> {
    return this.passwords.postpone(auth);
  }

  @Put(endpoints.account.twoFactor.path)
  setTwoFactor(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() dto: TwoFactorSettingRequest,
  ): Promise<{ enabled: boolean }> {
    return this.account.setTwoFactor(auth, dto.enabled);
  }

  @Get(endpoints.account.sessions.path)
  @Header('cache-control', 'no-store')
  sessions(@CurrentSession() auth: AuthenticatedCustomer): Promise<SessionsResponse> {
    return this.account.sessionsOf(auth);
  }

  @Delete(endpoints.account.endOtherSessions.path)
  @HttpCode(200)
  endOtherSessions(@CurrentSession() auth: AuthenticatedCustomer): Promise<EndedSessionsResponse> {
    return this.account.endOtherSessions(auth);
  }

  @Delete(endpoints.account.endSession.path)
  @HttpCode(204)
  async endSession(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') sessionId: string,
  ): Promise<void> {
    await this.account.endSession(auth, sessionId);
  }
}
