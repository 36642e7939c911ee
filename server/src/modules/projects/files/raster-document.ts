import { PROJECT_DATA_LIMITS, PROJECT_IMPORT_LIMITS } from '@animata/contracts';
import sharp from 'sharp';
import { ProjectException } from '../project.exception.js';

export type RasterType = 'png' | 'jpeg' | 'gif' | 'webp';

const MIME: Record<RasterType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

export interface PixelSize {
  width: number;
  height: number;
}

/**
 * The displayed pixel size of a raster image. sharp reads PNG, JPEG and WebP headers (within
 * the pixel bound); a GIF's logical screen is read from its header, because the avatar blocks
 * sharp's GIF loader for the whole process. Null when the bytes are not a readable image.
 */
export async function pixelSizeOf(bytes: Buffer, type: RasterType): Promise<PixelSize | null> {
  if (type === 'gif') {
    if (bytes.length < 13) return null;
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  try {
    const metadata = await sharp(bytes, {
      limitInputPixels: PROJECT_IMPORT_LIMITS.maxPixels,
      failOn: 'error',
    }).metadata();
    if (metadata.format !== type || !metadata.width || !metadata.height) return null;
    // EXIF orientations 5 to 8 turn the picture a quarter: browsers show it upright.
    const turned = (metadata.orientation ?? 1) >= 5;
    return turned
      ? { width: metadata.height, height: metadata.width }
      : { width: metadata.width, height: metadata.height };
  } catch (error) {
    if (/pixel limit/i.test(String(error))) throw ProjectException.tooComplex();
    return null;
  }
}

/** Refuses images past the pixel bound or the project's largest dimension. */
export function checkPixelBound(size: PixelSize): void {
  if (
    size.width * size.height > PROJECT_IMPORT_LIMITS.maxPixels ||
    size.width > PROJECT_DATA_LIMITS.maxDimension ||
    size.height > PROJECT_DATA_LIMITS.maxDimension
  )
    throw ProjectException.tooComplex();
}

/** An SVG document showing the image at its pixel size, embedded as a data URI. */
export function rasterDocument(bytes: Buffer, type: RasterType, size: PixelSize): string {
  const { width, height } = size;
  const href = `data:${MIME[type]};base64,${bytes.toString('base64')}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `<image href="${href}" x="0" y="0" width="${width}" height="${height}"/></svg>`
  );
}
