import { Controller, Get, Param, Res } from '@nestjs/common';
import { endpoints } from '@animata/contracts';
import type { FastifyReply } from 'fastify';
import { CommonException } from '../../../common/errors/common.exception.js';
import { AvatarService } from './avatar.service.js';

/**
 * Avatar files are user content: whatever slipped past the sanitiser may not run here. The
 * policy blocks scripts and every load (a sandbox even for a top-level visit), styles inline
 * in an SVG still apply.
 */
export const AVATAR_FILE_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  // A new image gets a new version in its address (`?v=`), so a file never changes.
  'cache-control': 'public, max-age=31536000, immutable',
} as const;

/** GET /api/animata/avatars/:id/:size: public by the avatar's unguessable id (decision 62). */
@Controller()
export class AvatarFilesController {
  constructor(private readonly avatars: AvatarService) {}

  @Get(endpoints.files.avatar.path)
  async file(
    @Param('id') id: string,
    @Param('size') size: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = await this.avatars.file(id, size);
    if (!file) throw CommonException.notFound();
    await reply.headers({ ...AVATAR_FILE_HEADERS, 'content-type': file.mimeType }).send(file.data);
  }
}
