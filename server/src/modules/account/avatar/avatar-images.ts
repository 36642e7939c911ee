import {
  AVATAR_MAX_INPUT_PIXELS,
  AVATAR_RASTER_SIZES,
  AVATAR_SVG_MAX_BYTES,
  AVATAR_SVG_SIZE,
  centredSquare,
  cropInImage,
  type AvatarCropPayload,
  type AvatarMimeType,
} from '@animata/contracts';
import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import {
  WorkerOutOfMemoryError,
  type TaskRunner,
} from '../../../common/worker-pool/worker-pool.js';
import { renderAvatarSvgTask } from './avatar-svg.task.js';

export { viewBoxOf } from './avatar-svg.task.js';

/**
 * Loaders sharp never needs for avatars: SVG is sanitised as text and never rasterised here, and
 * the other formats are refused anyway, so their parsers never see user bytes.
 */
sharp.block({
  operation: [
    'VipsForeignLoadSvg',
    'VipsForeignLoadGif',
    'VipsForeignLoadTiff',
    'VipsForeignLoadHeif',
    'VipsForeignLoadPdf',
    'VipsForeignLoadMagick',
    'VipsForeignLoadJp2k',
    'VipsForeignLoadJxl',
  ],
});

const RASTER_FORMATS: Record<string, Exclude<AvatarMimeType, 'image/svg+xml'>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

const INPUT: SharpOptions = { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: 'error' };

export interface AvatarFile {
  size: number;
  data: Buffer;
}

export type AvatarRefusal =
  'not-supported' | 'animated-webp' | 'too-many-pixels' | 'too-large' | 'svg-too-complex';

export type RenderedAvatar =
  | { ok: true; mimeType: AvatarMimeType; files: AvatarFile[] }
  | { ok: false; reason: AvatarRefusal };

/**
 * Turns uploaded bytes into the avatar's files (the sharp adapter). The bytes must be the type
 * they claim. Raster images are turned upright by their EXIF orientation before the crop, then
 * stored at 64 and 512 in their own format with every metadata block dropped; an SVG is
 * sanitised and its crop becomes the viewBox at 150x150 (decisions 60, 61).
 */
export class AvatarImages {
  /** `tasks` runs the SVG work off the event loop (the worker pool). */
  constructor(private readonly tasks: TaskRunner) {}

  async render(
    bytes: Buffer,
    claimed: AvatarMimeType,
    crop: AvatarCropPayload | null,
  ): Promise<RenderedAvatar> {
    return claimed === 'image/svg+xml'
      ? this.renderSvg(bytes, crop)
      : this.renderRaster(bytes, claimed, crop);
  }

  private async renderRaster(
    bytes: Buffer,
    claimed: AvatarMimeType,
    crop: AvatarCropPayload | null,
  ): Promise<RenderedAvatar> {
    let metadata: Metadata;
    try {
      metadata = await sharp(bytes, INPUT).metadata();
    } catch (error) {
      return { ok: false, reason: isPixelLimit(error) ? 'too-many-pixels' : 'not-supported' };
    }
    if (RASTER_FORMATS[metadata.format] !== claimed) return { ok: false, reason: 'not-supported' };
    if (metadata.format === 'webp' && (metadata.pages ?? 1) > 1) {
      return { ok: false, reason: 'animated-webp' };
    }
    const upright = metadata.autoOrient ?? { width: metadata.width, height: metadata.height };
    if (!upright.width || !upright.height) return { ok: false, reason: 'not-supported' };
    if (upright.width * upright.height > AVATAR_MAX_INPUT_PIXELS) {
      return { ok: false, reason: 'too-many-pixels' };
    }
    const area = crop ? cropInImage(crop, upright) : centredSquare(upright);
    try {
      // rotate() before extract(): the crop was chosen on the upright image.
      const base = sharp(bytes, INPUT).rotate().extract(area);
      const files = await Promise.all(
        AVATAR_RASTER_SIZES.map(async (size) => ({
          size,
          data: await encode(base.clone().resize(size, size, { fit: 'fill' }), claimed),
        })),
      );
      return { ok: true, mimeType: claimed, files };
    } catch (error) {
      return { ok: false, reason: isPixelLimit(error) ? 'too-many-pixels' : 'not-supported' };
    }
  }

  /** Parsing and sanitising run in the worker pool: a hostile SVG never blocks the server. */
  private async renderSvg(bytes: Buffer, crop: AvatarCropPayload | null): Promise<RenderedAvatar> {
    if (bytes.length > AVATAR_SVG_MAX_BYTES) return { ok: false, reason: 'too-large' };
    const result = await this.tasks
      .run(renderAvatarSvgTask, { bytes, crop })
      .catch((error: unknown) => {
        if (error instanceof WorkerOutOfMemoryError)
          return { ok: false as const, reason: 'svg-too-complex' as const };
        throw error;
      });
    if (!result.ok) return result;
    return {
      ok: true,
      mimeType: 'image/svg+xml',
      files: [{ size: AVATAR_SVG_SIZE, data: Buffer.from(result.svg, 'utf8') }],
    };
  }
}

/** Same format out as in; sharp writes no metadata unless asked (EXIF, XMP, ICC all dropped). */
function encode(image: Sharp, type: AvatarMimeType): Promise<Buffer> {
  switch (type) {
    case 'image/png':
      return image.png({ compressionLevel: 9 }).toBuffer();
    case 'image/jpeg':
      return image.jpeg({ quality: 88, mozjpeg: true }).toBuffer();
    default:
      return image.webp({ quality: 88 }).toBuffer();
  }
}

function isPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}
