import {
  Controller,
  Get,
  Headers,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { endpoints, type CreatedProjectResponse } from '@animata/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthenticatedCustomer, CurrentSession, SessionGuard } from '../../sessions/index.js';
import { readImportUpload } from './import-upload.js';
import { ProjectFilesService } from './project-files.service.js';
import { attachmentDisposition } from '../../../common/http/attachment.js';
import { USER_CONTENT_SVG_HEADERS } from '../../../common/http/user-content.js';

/** The user-content headers of SVG files (common/http/user-content.ts). */
export const PREVIEW_FILE_HEADERS = USER_CONTENT_SVG_HEADERS;

/** The file's version is in its address (`?v=`): that one never changes; any other may. */
const CACHE_VERSIONED = 'private, max-age=31536000, immutable';
const CACHE_CURRENT = 'private, no-cache';

// Shared with the invoice PDFs (issue 30); exported here too for the import spec.
export { attachmentDisposition };

/** Import, export, preview and document of projects (projects-dashboard §5, §7; issue 29). */
@Controller()
@UseGuards(SessionGuard)
export class ProjectFilesController {
  constructor(private readonly files: ProjectFilesService) {}

  /** Multipart: the `file` and, optionally, the `label` (folder id). */
  @Post(endpoints.projects.import.path)
  @HttpCode(201)
  async import(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Req() request: FastifyRequest,
  ): Promise<CreatedProjectResponse> {
    return this.files.import(auth, await readImportUpload(request));
  }

  @Get(endpoints.projects.export.path)
  async export(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { fileName, file } = await this.files.export(auth, id);
    await reply
      .headers({
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': attachmentDisposition(fileName),
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      })
      .send(JSON.stringify(file));
  }

  /**
   * The project's sanitised SVG with its animation, for the project page (issue 29): an image
   * without JavaScript, inline markup with it. Revalidated by the data's version (ETag), so the
   * image and the script's request fetch it once.
   */
  @Get(endpoints.projects.document.path)
  async document(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = await this.files.document(auth, id);
    const etag = `"${file.version}"`;
    void reply.headers({ ...PREVIEW_FILE_HEADERS, 'cache-control': CACHE_CURRENT, etag });
    if (ifNoneMatch !== undefined && ifNoneMatch.split(/\s*,\s*/).includes(etag)) {
      await reply.code(304).send();
      return;
    }
    await reply.send(file.document);
  }

  @Get(endpoints.projects.preview.path)
  async preview(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Query('v') v: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const preview = await this.files.preview(auth, id);
    const versioned = preview.version !== null && v === String(preview.version);
    await reply
      .headers({
        ...PREVIEW_FILE_HEADERS,
        'cache-control': versioned ? CACHE_VERSIONED : CACHE_CURRENT,
      })
      .send(preview.data);
  }
}
