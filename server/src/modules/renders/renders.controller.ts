import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  CreateRenderBody,
  endpoints,
  RenderIdsBody,
  RenderListQueryDto,
  RenderPriorityBody,
  type CreateRenderResponse,
  type RenderAbortResponse,
  type RenderExport,
  type RenderIdsResponse,
  type RenderListResponse,
  type RenderOptionsResponse,
  type RenderShareResponse,
} from '@animata/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../common/clock.js';
import { attachmentDisposition } from '../../common/http/attachment.js';
import { CLOCK, CONFIG } from '../../common/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { type AuthenticatedCustomer, CurrentSession, SessionGuard } from '../sessions/index.js';
import { RenderException } from './render.exception.js';
import { RenderFiles } from './render-file-store.js';
import { parseRange, renderContentType, renderFileName } from './render-files.js';
import { verifyShare } from './render-share.js';
import type { RenderRow } from './renders.repository.js';
import { RendersService } from './renders.service.js';

/** The signed-in renders calls of endpoints.renders (projects-dashboard §7 Renders; issue 32). */
@Controller()
@UseGuards(SessionGuard)
export class RendersController {
  constructor(
    private readonly renders: RendersService,
    private readonly files: RenderFiles,
  ) {}

  @Get(endpoints.renders.list.path)
  @Header('cache-control', 'no-store')
  list(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Query() query: RenderListQueryDto,
  ): Promise<RenderListResponse> {
    return this.renders.list(auth, query);
  }

  @Post(endpoints.renders.create.path)
  @HttpCode(201)
  create(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: CreateRenderBody,
  ): Promise<CreateRenderResponse> {
    return this.renders.create(auth, body);
  }

  @Get(endpoints.renders.options.path)
  @Header('cache-control', 'no-store')
  options(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') projectId: string,
  ): Promise<RenderOptionsResponse> {
    return this.renders.options(auth, projectId);
  }

  @Get(endpoints.renders.details.path)
  @Header('cache-control', 'no-store')
  details(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
  ): Promise<RenderExport> {
    return this.renders.details(auth, id);
  }

  @Delete(endpoints.renders.deleteMany.path)
  @HttpCode(200)
  deleteMany(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: RenderIdsBody,
  ): Promise<RenderIdsResponse> {
    return this.renders.delete(auth, body.ids);
  }

  @Delete(endpoints.renders.delete.path)
  @HttpCode(200)
  delete(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
  ): Promise<RenderIdsResponse> {
    return this.renders.delete(auth, [id]);
  }

  @Post(endpoints.renders.setPriority.path)
  @HttpCode(200)
  setPriority(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Body() body: RenderPriorityBody,
  ): Promise<RenderExport> {
    return this.renders.setPriority(auth, id, body.priority);
  }

  @Post(endpoints.renders.abort.path)
  @HttpCode(200)
  abort(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
  ): Promise<RenderAbortResponse> {
    return this.renders.abort(auth, id);
  }

  @Post(endpoints.renders.share.path)
  @HttpCode(200)
  share(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
  ): Promise<RenderShareResponse> {
    return this.renders.share(auth, id);
  }

  @Get(endpoints.renders.preview.path)
  async preview(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const row = await this.renders.fileOf(auth, id);
    await sendRenderFile(this.files, row, request, reply, { attachment: false });
  }

  @Get(endpoints.renders.download.path)
  async download(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const row = await this.renders.fileOf(auth, id);
    await sendRenderFile(this.files, row, request, reply, { attachment: true });
  }
}

/** Anyone holding a share URL: GET endpoints.renders.shared (signed, until it expires). */
@Controller()
export class SharedRendersController {
  constructor(
    private readonly renders: RendersService,
    private readonly files: RenderFiles,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get(endpoints.renders.shared.path)
  async shared(
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const check = verifyShare(
      this.config.shareLinkSecret,
      id,
      query['expires'],
      query['signature'],
      this.clock.now(),
    );
    if (!check.valid) throw RenderException.notFound();
    const row = await this.renders.sharedFile(id, check.expiresAt);
    void reply.header('x-robots-tag', 'noindex, nofollow');
    await sendRenderFile(this.files, row, request, reply, { attachment: false });
  }
}

/**
 * Streams a render's file with Range support: 206 with Content-Range for one satisfiable range,
 * 416 with `bytes * /size` for one that is not, the whole file (200) otherwise.
 */
async function sendRenderFile(
  files: RenderFiles,
  row: RenderRow & { file_key: string },
  request: FastifyRequest,
  reply: FastifyReply,
  options: { attachment: boolean },
): Promise<void> {
  const size = await files.size(row.file_key);
  if (size === null) throw RenderException.notFound();
  const headers: Record<string, string> = {
    'content-type': renderContentType(row.extension),
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  };
  if (options.attachment) {
    headers['content-disposition'] = attachmentDisposition(
      renderFileName(row.title, row.extension),
    );
  }
  const rangeHeader = request.headers.range;
  const range = parseRange(typeof rangeHeader === 'string' ? rangeHeader : undefined, size);
  if (range.kind === 'unsatisfiable') {
    await reply
      .status(416)
      .headers({ ...headers, 'content-range': `bytes */${size}`, 'content-length': '0' })
      .send();
    return;
  }
  if (range.kind === 'partial') {
    await reply
      .status(206)
      .headers({
        ...headers,
        'content-range': `bytes ${range.start}-${range.end}/${size}`,
        'content-length': String(range.end - range.start + 1),
      })
      .send(files.stream(row.file_key, { start: range.start, end: range.end }));
    return;
  }
  await reply
    .status(200)
    .headers({ ...headers, 'content-length': String(size) })
    .send(files.stream(row.file_key));
}
