import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Inject,
  Injectable,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config.js';
import { readCookie, sessionCookieName } from '../../modules/auth/session-cookie.js';
import {
  type AuthenticatedCustomer,
  SessionsService,
} from '../../modules/auth/sessions.service.js';
import { CommonException } from '../errors/common.exception.js';
import { CONFIG } from '../tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthenticatedCustomer;
  }
}

/** Lets the request through only with a live session; 401 otherwise (account-and-auth §8). */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionsService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const token = readCookie(request.headers.cookie, sessionCookieName(this.config));
    const auth = await this.sessions.authenticate(token);
    if (!auth) throw CommonException.unauthenticated();
    request.auth = auth;
    return true;
  }
}

/** The signed-in customer of a guarded route. */
export const Auth = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedCustomer => {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!request.auth) throw CommonException.unauthenticated();
    return request.auth;
  },
);
