import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  avatarMessages,
  avatarPathOf,
  isAvatarMimeType,
  parseAvatarCropPayload,
  type Avatar,
  type AvatarMimeType,
  type MessageResponse,
} from '@animata/contracts';
import { AccessService, type Actor, Permission } from '../../../common/access/index.js';
import { CommonException } from '../../../common/errors/common.exception.js';
import { FILE_STORAGE } from '../../../common/tokens.js';
import type { FileStorage } from '../../storage/index.js';
import { UploadLimits } from '../../uploads/index.js';
import { AvatarImages, type AvatarRefusal } from './avatar-images.js';
import type { AvatarUpload } from './avatar-upload.js';
import { AvatarException } from './avatar.exception.js';
import { type AvatarRecord, AvatarRepository } from './avatar.repository.js';

/** Where a file of an avatar upload lives in file storage. */
export const avatarFileKey = (record: Pick<AvatarRecord, 'id' | 'fileToken'>, size: number) =>
  `avatars/${record.id}/${record.fileToken}/${size}`;

const SIZE_PATTERN = /^[0-9]{1,4}$/;

/** A stored avatar file, ready to be served. */
export interface AvatarFileContent {
  mimeType: AvatarMimeType;
  data: Buffer;
}

/**
 * The customer's avatar (account-and-auth §3, §4.1): set, replaced (the version rises), removed
 * (every field cleared), and its files served by their unguessable id.
 */
@Injectable()
export class AvatarService {
  constructor(
    private readonly avatars: AvatarRepository,
    private readonly images: AvatarImages,
    private readonly access: AccessService,
    private readonly uploadLimits: UploadLimits,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** The customer object's `avatar` (§3), or null without one. */
  async currentOf(customerId: string): Promise<Avatar | null> {
    const record = await this.avatars.findByCustomer(customerId);
    return record ? toAvatar(record) : null;
  }

  /** Stores a new avatar for the actor, replacing any earlier one (its files go). */
  async upload(actor: Actor, upload: AvatarUpload): Promise<Avatar> {
    await this.access.require(actor, Permission.AccountUpdate, [actor.customerId]);
    await this.uploadLimits.hitAvatar(actor.customerId);
    if (!isAvatarMimeType(upload.mimeType)) throw AvatarException.notSupported();
    const crop = upload.payload === null ? null : parseAvatarCropPayload(upload.payload);
    if (upload.payload !== null && !crop) throw AvatarException.notSupported('payload');
    const rendered = await this.images.render(upload.data, upload.mimeType, crop);
    if (!rendered.ok) throw refusal(rendered.reason);

    const current = await this.avatars.findByCustomer(actor.customerId);
    const next: AvatarRecord = {
      id: current?.id ?? randomUUID(),
      customerId: actor.customerId,
      mimeType: rendered.mimeType,
      sizes: rendered.files.map((file) => file.size),
      version: (current?.version ?? 0) + 1,
      fileToken: randomBytes(8).toString('hex'),
    };
    // Files first, then the row: a row never points at files that are not there yet.
    await Promise.all(
      rendered.files.map((file) => this.storage.put(avatarFileKey(next, file.size), file.data)),
    );
    if (!(await this.avatars.save(next, current?.version ?? null))) {
      await this.deleteFiles(next);
      throw AvatarException.conflict();
    }
    if (current) await this.deleteFiles(current);
    return toAvatar(next);
  }

  /** Removes the actor's avatar and its files; anyone else's answers 404 (access layer). */
  async remove(actor: Actor, id: string): Promise<MessageResponse> {
    await this.access.require(actor, Permission.AvatarDelete, [id]);
    const removed = await this.avatars.remove(id);
    if (!removed) throw CommonException.notFound();
    await this.deleteFiles(removed);
    return { message: avatarMessages.removed };
  }

  /** A file of an avatar by its public id and size, or null (404) for anything else. */
  async file(id: string, size: string): Promise<AvatarFileContent | null> {
    if (!SIZE_PATTERN.test(size)) return null;
    const record = await this.avatars.findById(id);
    if (!record || !record.sizes.includes(Number(size))) return null;
    const data = await this.storage.get(avatarFileKey(record, Number(size)));
    return data ? { mimeType: record.mimeType, data } : null;
  }

  private async deleteFiles(record: AvatarRecord): Promise<void> {
    await Promise.all(record.sizes.map((size) => this.storage.delete(avatarFileKey(record, size))));
  }
}

function toAvatar(record: AvatarRecord): Avatar {
  return {
    id: record.id,
    mimeType: record.mimeType,
    availableSizes: [...record.sizes],
    avatarPath: avatarPathOf(record.id),
    version: record.version,
  };
}

function refusal(reason: AvatarRefusal): AvatarException {
  switch (reason) {
    case 'animated-webp':
      return AvatarException.animatedWebp();
    case 'too-many-pixels':
      return AvatarException.tooManyPixels();
    case 'too-large':
      return AvatarException.tooLarge(avatarMessages.svgTooLarge);
    case 'svg-too-complex':
      return AvatarException.svgTooComplex();
    default:
      return AvatarException.notSupported();
  }
}
