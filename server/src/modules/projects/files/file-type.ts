import type { ProjectImportType } from '@animata/contracts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A raster type told by its magic number; null for any other bytes. */
function rasterType(
  bytes: Buffer,
): Extract<ProjectImportType, 'png' | 'jpeg' | 'gif' | 'webp'> | null {
  if (bytes.subarray(0, 8).equals(PNG)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

/** Strict UTF-8 text without its BOM, or null. */
export function utf8Text(bytes: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * What an upload is, by its bytes only (the name and the claimed type are never trusted):
 * raster images by magic number, then UTF-8 text that opens as JSON (`{`) or as XML markup
 * with an <svg> element. The parsers that follow have the last word; null for anything else.
 */
export function sniffImportType(bytes: Buffer): ProjectImportType | null {
  const raster = rasterType(bytes);
  if (raster) return raster;
  const text = utf8Text(bytes);
  if (text === null) return null;
  const start = text.trimStart();
  if (start.startsWith('{')) return 'json';
  if (start.startsWith('<') && /<svg[\s>/]/.test(text)) return 'svg';
  return null;
}
