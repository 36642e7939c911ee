import { Controller, Get, Header, Inject, Req } from '@nestjs/common';
import { endpoints, type AuthorizationServerMetadata } from '@animata/contracts';
import type { FastifyRequest } from 'fastify';
import { publicOrigin } from '../../../common/http/public-origin.js';
import { CONFIG } from '../../../common/tokens.js';
import type { AppConfig } from '../../../config/config.js';
import { authorizationServerMetadata } from './oauth-metadata.js';

/**
 * RFC 8414 discovery, outside /api where clients look for it (a static route, so it wins over
 * the pages' catch-all). Public and the same for everyone: caching it an hour is safe.
 */
@Controller()
export class OAuthMetadataController {
  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  @Get(endpoints.appAuth.metadata.path)
  @Header('cache-control', 'public, max-age=3600')
  metadata(@Req() request: FastifyRequest): AuthorizationServerMetadata {
    return authorizationServerMetadata(publicOrigin(this.config, request));
  }
}
