import { Body, Controller, Delete, HttpCode, Post, UseGuards } from '@nestjs/common';
import { API_BASE, ChangePasswordRequest, type MessageResponse } from '@animata/contracts';
import { Auth, SessionGuard } from '../../common/http/session.guard.js';
import { PasswordService } from './password.service.js';
import type { AuthenticatedCustomer } from './sessions.service.js';

@Controller(`${API_BASE}/account/change-password`)
@UseGuards(SessionGuard)
export class PasswordController {
  constructor(private readonly passwords: PasswordService) {}

  @Post()
  @HttpCode(200)
  change(
    @Auth() auth: AuthenticatedCustomer,
    @Body() dto: ChangePasswordRequest,
  ): Promise<MessageResponse> {
    return this.passwords.change(auth, dto);
  }

  /** 'Update later' of the strong-password screen. */
  @Delete()
  @HttpCode(200)
  later(@Auth() auth: AuthenticatedCustomer): Promise<MessageResponse> {
    return this.passwords.postpone(auth);
  }
}
