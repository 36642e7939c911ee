import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CommonException } from '../../common/errors/common.exception.js';
import { readCookie } from '../../common/http/cookies.js';
import { pageReadsOf } from '../../common/http/page-reads.js';
import { CONFIG } from '../../common/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { clearSessionCookie, sessionCookieName } from './session-cookie.js';
import { type AuthenticatedCustomer, SessionsService } from './sessions.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthenticatedCustomer;
  }
}

/**
 * Lets the request through only with a live session; 401 otherwise (account-and-auth §8). A
 * session cookie it refuses (unknown, expired, revoked) is cleared with the 401, so the browser
 * stops sending it and the pages tell "your session ended" only once.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionsService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    // A page's in-process calls share one read of the session (page-reads.ts).
    const auth = await this.sessions.authenticate(
      request.headers.cookie,
      pageReadsOf(request.headers),
    );
    if (!auth) {
      if (readCookie(request.headers.cookie, sessionCookieName(this.config)) !== null) {
        clearSessionCookie(http.getResponse<FastifyReply>(), this.config);
      }
      throw CommonException.unauthenticated();
    }
    request.auth = auth;
    return true;
  }
}
