import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Post,
  Query,
  Req,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import {
  AppAuthorizeRequest,
  endpoints,
  type AppAuthInfo,
  type AppAuthorizeResponse,
  type AppTokenResponse,
} from '@animata/contracts';
import type { FastifyRequest } from 'fastify';
import { CommonException } from '../../../common/errors/common.exception.js';
import {
  type AuthenticatedCustomer,
  CurrentSession,
  SessionGuard,
  SessionsService,
} from '../../sessions/index.js';
import { AppAuthorizationService } from './app-authorization.service.js';
import { AppTokenService } from './app-token.service.js';
import { OAuthErrorFilter } from './oauth-error.filter.js';

/** A query value that must be one string when present (a repeated key is refused). */
function optionalText(query: Record<string, unknown>, key: string): string | undefined {
  const value = query[key];
  if (value === undefined || typeof value === 'string') return value;
  throw CommonException.validation({ [key]: `${key} must be given once` });
}

/** The authorization page's calls (account-and-auth §3, §7; decision 82). */
@Controller()
export class AppAuthorizationController {
  constructor(
    private readonly authorizations: AppAuthorizationService,
    private readonly sessions: SessionsService,
  ) {}

  /** Signed in or out: the session, when there is one, only adds the customer. */
  @Get(endpoints.appAuth.info.path)
  @Header('cache-control', 'no-store')
  async info(
    @Req() request: FastifyRequest,
    @Query() query: Record<string, unknown>,
  ): Promise<AppAuthInfo> {
    const ask = {
      appId: optionalText(query, 'appId'),
      clientId: optionalText(query, 'client_id'),
      redirectUri: optionalText(query, 'redirect_uri'),
      origin: optionalText(query, 'origin'),
      responseType: optionalText(query, 'response_type'),
      codeChallenge: optionalText(query, 'code_challenge'),
      codeChallengeMethod: optionalText(query, 'code_challenge_method'),
    };
    const auth = await this.sessions.authenticate(request.headers.cookie);
    return this.authorizations.info(ask, auth?.customerId ?? null);
  }

  /** Same-origin only: the CSRF hook refuses a cross-site post before it gets here. */
  @Post(endpoints.appAuth.authorize.path)
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  @UseGuards(SessionGuard)
  authorize(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: AppAuthorizeRequest,
  ): Promise<AppAuthorizeResponse> {
    return this.authorizations.authorize(auth, body);
  }
}

/**
 * The token endpoint, called by the app's server (form-encoded or JSON). Its body is read
 * raw: RFC 6749 wants unknown parameters ignored and refusals in its own shape.
 */
@Controller()
@UseFilters(OAuthErrorFilter)
export class AppTokenController {
  constructor(private readonly tokens: AppTokenService) {}

  @Post(endpoints.appAuth.token.path)
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  @Header('pragma', 'no-cache')
  token(@Req() request: FastifyRequest, @Body() body: unknown): Promise<AppTokenResponse> {
    return this.tokens.token({
      body,
      authorization: request.headers.authorization,
      ipAddress: request.ip ?? null,
    });
  }
}
