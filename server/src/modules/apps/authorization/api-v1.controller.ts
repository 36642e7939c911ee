import { Controller, Get, Header, Inject, Query, Req, UseGuards } from '@nestjs/common';
import { endpoints, type ApiV1Me, type ApiV1ProjectList } from '@animata/contracts';
import type { FastifyRequest } from 'fastify';
import { publicOrigin } from '../../../common/http/public-origin.js';
import { CONFIG } from '../../../common/tokens.js';
import type { AppConfig } from '../../../config/config.js';
import { ApiV1Service } from './api-v1.service.js';
import { type AppAccess, BearerGuard, CurrentAppAccess } from './bearer.guard.js';
import { apiV1OpenApi } from './openapi.js';

/** The read API of authorized apps (`/api/v1`): bearer tokens only, never a session. */
@Controller()
export class ApiV1Controller {
  constructor(
    private readonly api: ApiV1Service,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(endpoints.apiV1.me.path)
  @Header('cache-control', 'no-store')
  @UseGuards(BearerGuard)
  me(@CurrentAppAccess() access: AppAccess): Promise<ApiV1Me> {
    return this.api.me(access);
  }

  @Get(endpoints.apiV1.projects.path)
  @Header('cache-control', 'no-store')
  @UseGuards(BearerGuard)
  projects(
    @CurrentAppAccess() access: AppAccess,
    @Query() query: Record<string, unknown>,
  ): Promise<ApiV1ProjectList> {
    return this.api.projects(access, query);
  }

  /** Public: the description names no secret. */
  @Get(endpoints.apiV1.openapi.path)
  openapi(@Req() request: FastifyRequest): Record<string, unknown> {
    return apiV1OpenApi(publicOrigin(this.config, request));
  }
}
