import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  endpoints,
  TwoFactorCodeRequest,
  TwoFactorEmailRequest,
  type TwoFactorTokenResponse,
} from '@animata/contracts';
import type { AppConfig } from '../../../config/config.js';
import { CONFIG, RATE_LIMITER } from '../../../common/tokens.js';
import type { RateLimiter } from '../../../common/rate-limit/rate-limiter.js';
import { AuthException } from '../auth.exception.js';
import { clientContext } from '../client-context.js';
import { TwoFactorService } from './two-factor.service.js';

@Controller()
export class TwoFactorController {
  constructor(
    private readonly twoFactor: TwoFactorService,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /** Sends (or re-sends) the code of the challenge this browser's attempt opened. */
  @Post(endpoints.twoFactor.email.path)
  @HttpCode(200)
  async email(
    @Body() dto: TwoFactorEmailRequest,
    @Req() request: FastifyRequest,
  ): Promise<TwoFactorTokenResponse> {
    const client = clientContext(request);
    const rule = this.config.auth.rateLimits.twoFactor;
    const hit = await this.limiter.hit(
      `two-factor:${client.ipAddress ?? 'unknown'}`,
      rule.limit,
      rule.windowMs,
    );
    if (!hit.allowed) throw AuthException.tooManyRequests();
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
    const rule = this.config.auth.rateLimits.twoFactorCode;
    const hit = await this.limiter.hit(
      `two-factor-code:${client.ipAddress ?? 'unknown'}`,
      rule.limit,
      rule.windowMs,
    );
    if (!hit.allowed) throw AuthException.tooManyRequests();
    return this.twoFactor.verifyCode(
      dto.token,
      dto.action,
      dto.code,
      dto.contact,
      clientContext(request).attemptToken,
    );
  }
}
