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
  API_BASE,
  apiPaths,
  ChangePasswordRequest,
  type MessageResponse,
  type SessionInfoResponse,
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

  @Get(apiPaths.session)
  @Header('cache-control', 'no-store')
  me(@CurrentSession() auth: AuthenticatedCustomer): Promise<SessionInfoResponse> {
    return this.account.sessionInfo(auth);
  }

  @Post(`${API_BASE}/account/change-password`)
  @HttpCode(200)
  changePassword(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() dto: ChangePasswordRequest,
  ): Promise<MessageResponse> {
    return this.passwords.change(auth, dto);
  }

  /** 'Update later' of the strong-password screen. */
  @Delete(`${API_BASE}/account/change-password`)
  @HttpCode(200)
  postponePasswordUpdate(@CurrentSession() auth: AuthenticatedCustomer): Promise<MessageResponse> {
    return this.passwords.postpone(auth);
  }

  @Put(`${API_BASE}/account/two-factor`)
  setTwoFactor(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() dto: TwoFactorSettingRequest,
  ): Promise<{ enabled: boolean }> {
    return this.account.setTwoFactor(auth, dto.enabled);
  }

  @Delete(`${API_BASE}/account/sessions/:id`)
  @HttpCode(204)
  async endSession(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') sessionId: string,
  ): Promise<void> {
    await this.account.endSession(auth, sessionId);
  }
}
