import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  endpoints,
  PUBLIC_UNLOCK_TTL_S,
  PublicLinkBody,
  publicUnlockCookieName,
  PublicUnlockBody,
  type PublicLinkResponse,
  type PublicProjectInfo,
} from '@animata/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieBase, readCookie } from '../../../common/http/cookies.js';
import { USER_CONTENT_SVG_HEADERS } from '../../../common/http/user-content.js';
import { CONFIG } from '../../../common/tokens.js';
import type { AppConfig } from '../../../config/config.js';
import { type AuthenticatedCustomer, CurrentSession, SessionGuard } from '../../sessions/index.js';
import { PublicLinksService } from './public-links.service.js';

/**
 * A public project is never indexed, and never kept by any cache, the browser's own included:
 * making it private (or a new password, or its expiry) ends it at once, copies included.
 */
const PUBLIC_HEADERS = {
  'x-robots-tag': 'noindex, nofollow',
  'cache-control': 'no-store',
} as const;

/** The owner's call: PUT sharing/project/{id}/public-link (issue 31). */
@Controller()
@UseGuards(SessionGuard)
export class PublicLinkController {
  constructor(private readonly links: PublicLinksService) {}

  @Put(endpoints.sharing.publicLink.path)
  @HttpCode(200)
  update(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Body() body: PublicLinkBody,
  ): Promise<PublicLinkResponse> {
    return this.links.update(auth, id, body);
  }
}

/** Anyone's calls, signed in or not: endpoints.publicProjects (issue 31). */
@Controller()
export class PublicProjectsController {
  constructor(
    private readonly links: PublicLinksService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(endpoints.publicProjects.get.path)
  async get(
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PublicProjectInfo> {
    void reply.headers(PUBLIC_HEADERS);
    return this.links.open(id, unlockCookieOf(request));
  }

  /** The stored sanitised SVG, as the signed-in document call serves it: user content. */
  @Get(endpoints.publicProjects.document.path)
  async document(
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    void reply.headers(PUBLIC_HEADERS);
    const file = await this.links.document(id, unlockCookieOf(request));
    await reply.headers({ ...USER_CONTENT_SVG_HEADERS, ...PUBLIC_HEADERS }).send(file.document);
  }

  @Post(endpoints.publicProjects.unlock.path)
  @HttpCode(200)
  async unlock(
    @Param('id') id: string,
    @Body() body: PublicUnlockBody,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PublicProjectInfo> {
    void reply.headers(PUBLIC_HEADERS);
    const { info, token } = await this.links.unlock(id, body.password, request.ip ?? null);
    if (token !== null)
      void reply.setCookie(publicUnlockCookieName(id), token, {
        ...cookieBase(this.config.env),
        maxAge: PUBLIC_UNLOCK_TTL_S,
      });
    return info;
  }
}

/** Reads a project's unlock cookie from the request (one cookie, no parser needed). */
function unlockCookieOf(request: FastifyRequest): (id: string) => string | null {
  return (id) => readCookie(request.headers.cookie, publicUnlockCookieName(id));
}
