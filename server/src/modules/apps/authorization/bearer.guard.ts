import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
} from '@nestjs/common';
import { appApiMessages } from '@animata/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CommonErrorCode, CommonException } from '../../../common/errors/common.exception.js';
import { AppTokenService } from './app-token.service.js';
import { bearerChallenge, bearerToken, hasBearerScheme } from './oauth-rules.js';

/** Who an access token acts for. */
export interface AppAccess {
  customerId: string;
  authorizationId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    appAccess?: AppAccess;
  }
}

/**
 * The `/api/v1` gate: an `Authorization: Bearer` access token of a live grant, nothing else (a
 * session cookie opens nothing here, and SessionGuard reads no bearer token). Refusals are 401
 * with RFC 6750's challenge (an error code only when a bearer token came) and a catalogue body.
 */
@Injectable()
export class BearerGuard implements CanActivate {
  constructor(private readonly tokens: AppTokenService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const authorization = request.headers.authorization;
    const token = bearerToken(authorization);
    const access = token === null ? null : await this.tokens.authenticateBearer(token);
    if (!access) {
      void http
        .getResponse<FastifyReply>()
        .header('www-authenticate', bearerChallenge(hasBearerScheme(authorization)));
      throw new CommonException(CommonErrorCode.Unauthenticated, appApiMessages.invalidToken);
    }
    request.appAccess = access;
    return true;
  }
}

/** The token's customer and grant, on a route behind BearerGuard. */
export const CurrentAppAccess = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AppAccess => {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!request.appAccess)
      throw new CommonException(CommonErrorCode.Unauthenticated, appApiMessages.invalidToken);
    return request.appAccess;
  },
);
