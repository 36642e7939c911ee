import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CommonException } from '../../common/errors/common.exception.js';
import type { AuthenticatedCustomer } from './sessions.service.js';

/** The signed-in customer of a route behind SessionGuard. */
export const CurrentSession = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedCustomer => {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!request.auth) throw CommonException.unauthenticated();
    return request.auth;
  },
);
