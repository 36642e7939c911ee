import { AVATAR_UPLOAD_FIELDS, ownMessages } from '@animata/contracts';
import type { FastifyRequest } from 'fastify';
import { CommonException } from '../../../common/errors/common.exception.js';
import { AvatarException } from './avatar.exception.js';

/** An avatar upload as read from its multipart body. */
export interface AvatarUpload {
  /** The type the client claims for the file (the part's Content-Type). */
  mimeType: string;
  data: Buffer;
  /** The `payload` field's text; null when absent (uploads without JavaScript). */
  payload: string | null;
}

/**
 * Reads POST change-avatar's multipart body (the limits are set where @fastify/multipart is
 * registered, create-app.ts): exactly one `image` file and at most one `payload` field, in
 * either order. Anything else is refused with a 4xx, never a 500: a body that is not multipart
 * (415), a file past the limit (413), other parts (422), a broken body (400).
 */
export async function readAvatarUpload(request: FastifyRequest): Promise<AvatarUpload> {
  if (!request.isMultipart()) throw AvatarException.notMultipart();
  let image: { mimeType: string; data: Buffer } | null = null;
  let payload: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === AVATAR_UPLOAD_FIELDS.image && !image) {
        image = { mimeType: part.mimetype.toLowerCase(), data: await part.toBuffer() };
      } else if (part.type === 'field' && part.fieldname === AVATAR_UPLOAD_FIELDS.payload) {
        payload = typeof part.value === 'string' ? part.value : null;
      } else {
        if (part.type === 'file') part.file.resume();
        throw AvatarException.notSupported(part.fieldname || 'image');
      }
    }
  } catch (error) {
    throw asClientError(error);
  }
  if (!image || image.data.length === 0) throw AvatarException.notSupported();
  return { ...image, payload: payload === '' ? null : payload };
}

function asClientError(error: unknown): unknown {
  if (error instanceof AvatarException || error instanceof CommonException) return error;
  const { code, statusCode } = (error ?? {}) as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return AvatarException.tooLarge();
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return error;
  // busboy's own errors (a truncated or malformed body) carry no status.
  return CommonException.badRequest(ownMessages.formUnreadable);
}
