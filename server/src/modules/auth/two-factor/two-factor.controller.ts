import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  endpoints,
  TwoFactorCodeRequest,
  TwoFactorEmailRequest,
  type TwoFactorTokenResponse,
} from '@animata/contracts';
import { AuthLimits } from '../auth-limits.js';
import { clientContext } from '../client-context.js';
import { TwoFactorService } from './two-factor.service.js';

@Controller()
export class TwoFactorController {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly limits: AuthLimits,
  ) {}

  /** Sends (or re-sends) the code of the challenge this browser's attempt opened. */
  @Post(endpoints.twoFactor.email.path)
  @HttpCode(200)
  async email(
    @Body() dto: TwoFactorEmailRequest,
    @Req() request: FastifyRequest,
  ): Promise<TwoFactorTokenResponse> {
    const client = clientContext(request);
    await this.limits.perAddress('twoFactor', client.ipAddress);
    return this.twoFactor.sendCode(dto.action, dto.contact, client.attemptToken);
  }

  @Post(endpoints.twoFactor.code.path)
  @HttpCode(200)
  async code(
    @Body() dto: TwoFactorCodeRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TwoFactorTokenResponse> {
    void reply.header('cache-control', 'no-store');
    // Per address too: each challenge allows 5 attempts, but challenges can be opened again.
    const client = clientContext(request);
    await this.limits.perAddress('twoFactorCode', client.ipAddress);
    return this.twoFactor.verifyCode(
      dto.token,
      dto.action,
      dto.code,
      dto.contact,
      client.attemptToken,
    );
  }
}
