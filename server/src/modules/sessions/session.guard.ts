import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CommonException } from '../../common/errors/common.exception.js';
import { type AuthenticatedCustomer, SessionsService } from './sessions.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthenticatedCustomer;
  }
}

/** Lets the request through only with a live session; 401 otherwise (account-and-auth §8). */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly sessions: SessionsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const auth = await this.sessions.authenticate(request.headers.cookie);
    if (!auth) throw CommonException.unauthenticated();
    request.auth = auth;
    return true;
  }
}
