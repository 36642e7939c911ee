import { apiPaths, type SessionInfoResponse } from '@animata/contracts';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CommonException } from '../../common/errors/common.exception.js';
import { CONFIG } from '../../common/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { readCookie, sessionCookieName } from '../auth/session-cookie.js';
import { SessionsService } from '../auth/sessions.service.js';

/**
 * Who is signed in: the smallest call that needs a session. Pages use it to find out whether
 * the visitor is signed in; without a live session it answers the catalogue's 401.
 */
@Controller()
export class SessionInfoController {
  constructor(
    private readonly sessions: SessionsService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(apiPaths.session)
  async current(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionInfoResponse> {
    void reply.header('cache-control', 'no-store');
    const token = readCookie(request.headers.cookie, sessionCookieName(this.config));
    const session = await this.sessions.authenticate(token);
    if (!session) throw CommonException.unauthenticated();
    return { customerId: session.customerId };
  }
}
