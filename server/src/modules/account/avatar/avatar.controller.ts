import { Controller, Delete, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { endpoints, type Avatar, type MessageResponse } from '@animata/contracts';
import type { FastifyRequest } from 'fastify';
import { type AuthenticatedCustomer, CurrentSession, SessionGuard } from '../../sessions/index.js';
import { readAvatarUpload } from './avatar-upload.js';
import { AvatarService } from './avatar.service.js';

/** POST and DELETE change-avatar (account-and-auth §7). */
@Controller()
@UseGuards(SessionGuard)
export class AvatarController {
  constructor(private readonly avatars: AvatarService) {}

  /** Multipart: the `image` file and the `payload` JSON field. */
  @Post(endpoints.account.changeAvatar.path)
  @HttpCode(200)
  async change(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Req() request: FastifyRequest,
  ): Promise<Avatar> {
    return this.avatars.upload(auth, await readAvatarUpload(request));
  }

  @Delete(endpoints.account.removeAvatar.path)
  @HttpCode(200)
  remove(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
  ): Promise<MessageResponse> {
    return this.avatars.remove(auth, id);
  }
}
