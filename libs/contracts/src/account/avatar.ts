import type { Avatar, AvatarMimeType } from './customer.js';
import { AVATAR_MIME_TYPES } from './customer.js';
import { API_BASE } from '../api/paths.js';

/** Sizes the avatar is shown at (account-and-auth §9): the top bar 24/32, the account row 128. */
export const AVATAR_DISPLAY_SIZES = [24, 32, 128] as const;
export type AvatarDisplaySize = (typeof AVATAR_DISPLAY_SIZES)[number];

/** The files a raster avatar is stored as (§3): 24 and 32 use the 64 file, 128 the 512 file. */
export const AVATAR_RASTER_SIZES = [64, 512] as const;
/** An SVG avatar is one file, fixed at 150x150 (§9). */
export const AVATAR_SVG_SIZE = 150;

/** Upload bounds (decision 64): bytes per kind, pixels before any decoding. */
export const AVATAR_RASTER_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SVG_MAX_BYTES = 512 * 1024;
/**
 * An SVG avatar's elements and nesting (the root being 1), counted before any DOM is built
 * (decision in issue 28): the project import's bounds, far above what editors write for a picture.
 */
export const AVATAR_SVG_LIMITS = { maxElements: 20_000, maxDepth: 64 } as const;
/** sharp's limitInputPixels for avatars: 25 megapixels, far below sharp's default (~268). */
export const AVATAR_MAX_INPUT_PIXELS = 25_000_000;
/** The multipart fields of POST change-avatar (§3, §7). */
export const AVATAR_UPLOAD_FIELDS = { image: 'image', payload: 'payload' } as const;
/** The JSON `payload` field is a few numbers; anything longer is refused. */
export const AVATAR_PAYLOAD_MAX_BYTES = 4096;

/** The 'Set image' cropper (§9). */
export const AVATAR_CROPPER = {
  aspect: 1,
  /** Output debounce and zoom transition. */
  debounceMs: 500,
  transitionMs: 350,
  /** One wheel step multiplies or divides the zoom by 1 ± this ratio. */
  wheelZoomRatio: 0.1,
  minZoom: 1,
  maxZoom: 10,
  /** The preview image is scaled down to at most this many pixels on its longer side. */
  previewMaxPx: 1024,
} as const;

/** What the file picker accepts; the server checks the bytes again. */
export const AVATAR_ACCEPT = AVATAR_MIME_TYPES.join(',');

export const avatarMessages = {
  uploaded: 'Avatar uploaded',
  removed: 'Avatar removed',
  removeFailed: 'Could not remove your avatar',
  fileNotSupported: 'File not supported',
  animatedWebp: 'Animated WebP not supported',
  removeConfirm: 'Are you sure you want to remove your avatar?',
  /** Our own (decision 64). */
  tooLarge: 'The image is too large (at most 5 MB)',
  tooManyPixels: 'The image is too large (at most 25 megapixels)',
  svgTooLarge: 'The SVG file is too large (at most 512 KB)',
  svgTooComplex: 'The SVG file is too complex (at most 20,000 elements, nested at most 64 deep)',
  dialogTitle: 'Set image',
  save: 'Save',
  upload: 'Upload',
  change: 'Change',
  remove: 'Remove',
  /** Ours: the row's label (the spec's row is the image itself), the removal dialog's title. */
  rowLabel: 'Avatar',
  removeTitle: 'Remove avatar',
  fileLabel: 'Image file',
  /** Ours: the row's form without JavaScript, where no cropper runs. */
  formHint: 'PNG, JPEG, WebP or SVG, at most 5 MB. The centre square of the image is used.',
} as const;

/**
 * The crop result sent as the `payload` field (§3): the image's size as the cropper saw it and
 * the square chosen in that image's pixels. An SVG is cropped on a fixed 150x150 image. The
 * other fields of the cropper (visible area, transforms) may come along and are not used.
 */
export interface AvatarCropPayload {
  image: { width: number; height: number };
  coordinates: { left: number; top: number; width: number; height: number };
  visibleArea?: unknown;
  imageTransforms?: unknown;
}

/** A rectangle in whole pixels. */
export interface PixelRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Reads a `payload` field: the crop payload, or null when it is not one (too long, not JSON). */
export function parseAvatarCropPayload(text: string): AvatarCropPayload | null {
  if (text.length > AVATAR_PAYLOAD_MAX_BYTES) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { image, coordinates } = value as Record<string, unknown>;
  if (!image || typeof image !== 'object' || !coordinates || typeof coordinates !== 'object')
    return null;
  const { width, height } = image as Record<string, unknown>;
  const box = coordinates as Record<string, unknown>;
  const numbers = [width, height, box.left, box.top, box.width, box.height];
  if (!numbers.every(isFiniteNumber)) return null;
  if ((width as number) <= 0 || (height as number) <= 0) return null;
  if ((box.width as number) <= 0 || (box.height as number) <= 0) return null;
  return {
    image: { width: width as number, height: height as number },
    coordinates: {
      left: box.left as number,
      top: box.top as number,
      width: box.width as number,
      height: box.height as number,
    },
  };
}

/**
 * The crop in the real image's pixels: the payload's square scaled from the image size the
 * cropper saw (a preview may be smaller) to the real one, then kept inside the image and made
 * square (the smaller side wins), in whole pixels of at least 1.
 */
export function cropInImage(
  payload: AvatarCropPayload,
  actual: { width: number; height: number },
): PixelRect {
  const scaleX = actual.width / payload.image.width;
  const scaleY = actual.height / payload.image.height;
  const { coordinates: c } = payload;
  let left = Math.max(0, c.left * scaleX);
  let top = Math.max(0, c.top * scaleY);
  const right = Math.min(actual.width, (c.left + c.width) * scaleX);
  const bottom = Math.min(actual.height, (c.top + c.height) * scaleY);
  if (right <= left || bottom <= top) return centredSquare(actual);
  const side = Math.max(1, Math.round(Math.min(right - left, bottom - top)));
  left = Math.min(Math.round(left), actual.width - side);
  top = Math.min(Math.round(top), actual.height - side);
  return { left: Math.max(0, left), top: Math.max(0, top), width: side, height: side };
}

/** The largest centred square (uploads without JavaScript send no crop). */
export function centredSquare(size: { width: number; height: number }): PixelRect {
  const side = Math.max(1, Math.min(size.width, size.height));
  return {
    left: Math.floor((size.width - side) / 2),
    top: Math.floor((size.height - side) / 2),
    width: side,
    height: side,
  };
}

/** An SVG's coordinate box: its viewBox, or its size when it has none. */
export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What a browser gives an SVG with neither viewBox nor size (a replaced element's default). */
export const DEFAULT_SVG_BOX: ViewBox = { x: 0, y: 0, width: 300, height: 150 };

/**
 * An SVG root's coordinate box from its attributes: the viewBox, else width and height in user
 * units (px or none), else 300x150. The cropper and the BFF read it alike.
 */
export function svgBoxOf(attributes: {
  viewBox: string | null;
  width: string | null;
  height: string | null;
}): ViewBox {
  const parts = (attributes.viewBox ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (parts.length === 4 && parts.every(Number.isFinite) && parts[2]! > 0 && parts[3]! > 0) {
    return { x: parts[0]!, y: parts[1]!, width: parts[2]!, height: parts[3]! };
  }
  const length = (value: string | null) => {
    const match = /^\s*([0-9]*\.?[0-9]+)\s*(px)?\s*$/.exec(value ?? '');
    const number = match ? Number(match[1]) : NaN;
    return number > 0 ? number : null;
  };
  const width = length(attributes.width);
  const height = length(attributes.height);
  return width && height ? { x: 0, y: 0, width, height } : DEFAULT_SVG_BOX;
}

/**
 * The crop of an SVG as its new viewBox (decision 60): the payload's rectangle, as fractions of
 * the image the cropper saw (150x150), applied to the SVG's own viewBox. Without a crop the
 * centred square of the drawing, as the browser shows it.
 */
export function cropToViewBox(payload: AvatarCropPayload | null, box: ViewBox): ViewBox {
  if (!payload) {
    const side = Math.min(box.width, box.height);
    return {
      x: box.x + (box.width - side) / 2,
      y: box.y + (box.height - side) / 2,
      width: side,
      height: side,
    };
  }
  const { image, coordinates: c } = payload;
  const fx = (value: number) => Math.min(1, Math.max(0, value / image.width));
  const fy = (value: number) => Math.min(1, Math.max(0, value / image.height));
  const left = fx(c.left);
  const top = fy(c.top);
  const right = fx(c.left + c.width);
  const bottom = fy(c.top + c.height);
  if (right <= left || bottom <= top) return cropToViewBox(null, box);
  return {
    x: round(box.x + left * box.width),
    y: round(box.y + top * box.height),
    width: round((right - left) * box.width),
    height: round((bottom - top) * box.height),
  };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** The file to show an avatar at one display size: 24 and 32 use 64, 128 uses 512; SVG its 150. */
export function avatarFileSize(avatar: Pick<Avatar, 'availableSizes'>, px: number): number {
  const sizes = [...avatar.availableSizes].sort((a, b) => a - b);
  // The smallest file at least twice the display size (sharp on high-density screens), else the largest.
  return sizes.find((size) => size >= px * 2) ?? sizes[sizes.length - 1] ?? AVATAR_SVG_SIZE;
}

/** The address of an avatar's file for a display size: `${avatarPath}/${file}?v=${version}`. */
export function avatarUrl(avatar: Avatar, px: number): string {
  return `${avatar.avatarPath}/${avatarFileSize(avatar, px)}?v=${avatar.version}`;
}

/** An avatar's `avatarPath`: its files are `${avatarPath}/${size}` (endpoints.files.avatar). */
export const avatarPathOf = (id: string) => `${API_BASE}/avatars/${id}`;

/** Whether a type is one an avatar may have. */
export function isAvatarMimeType(type: string): type is AvatarMimeType {
  return (AVATAR_MIME_TYPES as readonly string[]).includes(type);
}

/**
 * Whether WebP bytes are animated: a RIFF/WEBP file whose first chunk is VP8X with the animation
 * flag (bit 1 of its flags byte). Enough for instant feedback in the browser; the server decodes.
 */
export function isAnimatedWebp(bytes: Uint8Array): boolean {
  if (bytes.length < 21) return false;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 4) !== 'RIFF' || ascii(8, 12) !== 'WEBP' || ascii(12, 16) !== 'VP8X') return false;
  return (bytes[20]! & 0x02) !== 0;
}
