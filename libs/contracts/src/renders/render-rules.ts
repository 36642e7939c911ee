import type { AccessLevel } from '../billing/catalog.js';
import { planFeatures } from '../billing/plan-features.js';
import {
  ALPHA_FORMATS,
  CODECS_BY_EXTENSION,
  IMAGE_EXTENSIONS,
  RENDER_DITHERS,
  RENDER_EXTENSIONS,
  RENDER_QUALITIES,
  type RenderCaps,
  type RenderCodec,
  type RenderExtension,
  type RenderJobInput,
  type RenderLimits,
  type RenderStatus,
  type VideoExtension,
} from './render.js';
import { renderMessages, renderTexts } from './render-messages.js';

/** 4K (billing-teams-apps §1): the longest side and the pixels of 3840 × 2160. */
export const MAX_LONG_SIDE = 3840;
export const MAX_PIXELS = 3840 * 2160;
export const MIN_SIDE = 16;
export const MAX_VIDEO_FPS = 60;
export const MAX_IMAGE_FPS = 30;
/** Total length up to 2 hours (§1). */
export const MAX_RENDER_DURATION_MS = 2 * 60 * 60 * 1000;
export const MIN_SPEED = 0.25;
export const MAX_SPEED = 4;
export const MAX_ITERATIONS = 1000;
export const MIN_PALETTE = 2;
export const MAX_PALETTE = 256;
/** The days-left chip warns at this many days or fewer (§9). */
export const DAYS_LEFT_WARNING = 7;
/** Within a customer's line, priorities run from -10 (last) to 10 (first). */
export const MIN_PRIORITY = -10;
export const MAX_PRIORITY = 10;

export const isVideoExtension = (extension: RenderExtension): extension is VideoExtension =>
  extension in CODECS_BY_EXTENSION;

/**
 * Whether the format keeps transparency (ALPHA_FORMATS); a video without a codec has its
 * format's first (default) codec. The others get the matte, white when none is given.
 */
export function renderKeepsAlpha(extension: RenderExtension, codec: RenderCodec | null): boolean {
  const used = codec ?? (isVideoExtension(extension) ? CODECS_BY_EXTENSION[extension][0]! : null);
  return ALPHA_FORMATS.some(
    (format) => format.extension === extension && (format.codec === null || format.codec === used),
  );
}

export const isImageExtension = (extension: RenderExtension): boolean =>
  (IMAGE_EXTENSIONS as readonly string[]).includes(extension);

/** The caps of one render on the plan (§1 comparison table). */
export function renderCaps(accessLevel: AccessLevel): RenderCaps {
  const features = planFeatures(accessLevel);
  return {
    maxLongSide: MAX_LONG_SIDE,
    maxPixels: MAX_PIXELS,
    maxVideoFramerate: MAX_VIDEO_FPS,
    maxImageFramerate: MAX_IMAGE_FPS,
    maxDurationMs: MAX_RENDER_DURATION_MS,
    qualities: features.maximumQuality ? RENDER_QUALITIES : ['low', 'medium'],
    watermark: features.watermark !== 'none',
  };
}

/** The output's length: one iteration of the part, played `iterations` times at `speed`. */
export function renderOutputDurationMs(
  input: Pick<RenderJobInput, 'offset' | 'speed' | 'iterations'>,
): number {
  return Math.round((input.offset.duration * input.iterations) / input.speed);
}

/** Frames in the output. */
export function renderFrameCount(
  input: Pick<RenderJobInput, 'offset' | 'speed' | 'iterations' | 'framerate'>,
): number {
  return Math.max(1, Math.round((renderOutputDurationMs(input) / 1000) * input.framerate));
}

/** What the Export dialog starts with: the project's size and length, an mp4 at 30 fps. */
export function defaultRenderInput(
  project: { duration: number; dimension: { width: number; height: number } },
  caps: RenderCaps,
): RenderJobInput {
  const { width, height } = fitResolution(project.dimension, caps);
  return {
    extension: 'mp4',
    codec: 'h264',
    framerate: 30,
    resolution: { width, height },
    quality: caps.qualities.includes('high') ? 'high' : 'medium',
    colorPaletteSize: 256,
    matte: null,
    dither: 'sierra2_4a',
    offset: { start: 0, duration: Math.max(1, Math.round(project.duration || 1000)) },
    speed: 1,
    iterations: 1,
  };
}

/** The project's size scaled down to the 4K cap, whole even pixels (video encoders need even). */
export function fitResolution(
  dimension: { width: number; height: number },
  caps: Pick<RenderCaps, 'maxLongSide' | 'maxPixels'> = {
    maxLongSide: MAX_LONG_SIDE,
    maxPixels: MAX_PIXELS,
  },
): { width: number; height: number } {
  const width = Math.max(MIN_SIDE, dimension.width || 1280);
  const height = Math.max(MIN_SIDE, dimension.height || 720);
  const scale = Math.min(
    1,
    caps.maxLongSide / Math.max(width, height),
    Math.sqrt(caps.maxPixels / (width * height)),
  );
  const even = (value: number) => Math.max(MIN_SIDE, 2 * Math.floor((value * scale) / 2));
  return { width: even(width), height: even(height) };
}

export type RenderInputField =
  | 'extension'
  | 'codec'
  | 'framerate'
  | 'resolution'
  | 'quality'
  | 'colorPaletteSize'
  | 'matte'
  | 'dither'
  | 'offset'
  | 'speed'
  | 'iterations';

/**
 * Checks a job input against the plan's caps and the project's length. Returns the first
 * refusal per field (the spec's and our texts), or an empty object when the input is good.
 * The server refuses with the first of them; the dialog shows each beside its field.
 */
export function renderInputErrors(
  input: RenderJobInput,
  caps: RenderCaps,
  projectDurationMs: number,
): Partial<Record<RenderInputField, string>> {
  const errors: Partial<Record<RenderInputField, string>> = {};
  const extensionOk = (RENDER_EXTENSIONS as readonly string[]).includes(input.extension);
  if (!extensionOk) errors.extension = renderMessages.invalidExtension;
  if (extensionOk) {
    const codecs = isVideoExtension(input.extension) ? CODECS_BY_EXTENSION[input.extension] : [];
    const codecOk =
      codecs.length === 0 ? input.codec === null : codecs.includes(input.codec as never);
    if (!codecOk) errors.codec = renderMessages.invalidCodec;
  }
  const maxFps =
    extensionOk && isVideoExtension(input.extension)
      ? caps.maxVideoFramerate
      : caps.maxImageFramerate;
  if (!Number.isInteger(input.framerate) || input.framerate < 1 || input.framerate > maxFps) {
    errors.framerate = renderMessages.invalidFramerate(maxFps);
  }
  const { width, height } = input.resolution ?? { width: NaN, height: NaN };
  if (
    !Number.isInteger(width) ||
    !Number.isInteger(height) ||
    width < MIN_SIDE ||
    height < MIN_SIDE
  ) {
    errors.resolution = renderMessages.invalidResolution;
  } else if (Math.max(width, height) > caps.maxLongSide || width * height > caps.maxPixels) {
    errors.resolution = renderMessages.resolutionTooLarge;
  }
  if (!(RENDER_QUALITIES as readonly string[]).includes(input.quality)) {
    errors.quality = renderMessages.invalidQuality;
  } else if (!caps.qualities.includes(input.quality)) {
    errors.quality = renderMessages.qualityNeedsUpgrade;
  }
  if (
    !Number.isInteger(input.colorPaletteSize) ||
    input.colorPaletteSize < MIN_PALETTE ||
    input.colorPaletteSize > MAX_PALETTE
  ) {
    errors.colorPaletteSize = renderMessages.invalidPalette;
  }
  if (input.matte !== null && !/^#[0-9a-fA-F]{6}$/.test(String(input.matte))) {
    errors.matte = renderMessages.invalidMatte;
  }
  if (!(RENDER_DITHERS as readonly string[]).includes(input.dither)) {
    errors.dither = renderMessages.invalidDither;
  }
  const { start, duration } = input.offset ?? { start: NaN, duration: NaN };
  const length = Math.max(projectDurationMs, 1);
  if (
    !Number.isFinite(start) ||
    !Number.isFinite(duration) ||
    start < 0 ||
    duration < 1 ||
    start + duration > length + 1
  ) {
    errors.offset = renderMessages.invalidOffset;
  }
  if (!Number.isFinite(input.speed) || input.speed < MIN_SPEED || input.speed > MAX_SPEED) {
    errors.speed = renderMessages.invalidSpeed;
  }
  if (
    !Number.isInteger(input.iterations) ||
    input.iterations < 1 ||
    input.iterations > MAX_ITERATIONS
  ) {
    errors.iterations = renderMessages.invalidIterations;
  } else if (
    !errors.offset &&
    !errors.speed &&
    renderOutputDurationMs(input) > caps.maxDurationMs
  ) {
    errors.iterations = renderMessages.tooLong;
  }
  return errors;
}

/** The plan's render limits filled with what the customer uses. */
export function renderLimits(
  accessLevel: AccessLevel,
  usage: { files: number; storageMb: number; thisMonth: number },
): RenderLimits {
  const features = planFeatures(accessLevel);
  const files = { used: usage.files, limit: features.renderSlots };
  const storage = { used: usage.storageMb, limit: features.renderStorageMb };
  const monthly = { used: usage.thisMonth, limit: features.rendersPerMonth };
  const reached =
    (files.limit !== null && files.used >= files.limit) ||
    (storage.limit !== null && storage.used >= storage.limit) ||
    (monthly.limit !== null && monthly.used >= monthly.limit);
  return { files, storage, monthly, reached };
}

/** The refusal of a new render at the limits, or null when it may start. */
export function renderLimitRefusal(limits: RenderLimits): string | null {
  if (limits.files.limit !== null && limits.files.used >= limits.files.limit) {
    return renderMessages.slotsReached(limits.files.limit);
  }
  if (limits.monthly.limit !== null && limits.monthly.used >= limits.monthly.limit) {
    return renderMessages.monthlyReached(limits.monthly.limit);
  }
  if (limits.storage.limit !== null && limits.storage.used >= limits.storage.limit) {
    return renderMessages.storageReached;
  }
  return null;
}

/** The status as a card shows it (§4): Pending, Starting, the percent, Done, Failed, Aborted. */
export function renderStatusLabel(status: RenderStatus, percent: number): string {
  switch (status) {
    case 'queued':
    case 'scheduled':
      return renderTexts.pending;
    case 'deployed':
      return renderTexts.starting;
    case 'progress':
      return `${Math.round(percent)}%`;
    case 'done':
      return renderTexts.done;
    case 'failed':
      return renderTexts.failed;
    case 'aborted':
      return renderTexts.aborted;
  }
}

/** Whole days until `deleteAt` (at least 0), or null when the render is kept. */
export function renderDaysLeft(deleteAt: string | null, now: Date): number | null {
  if (!deleteAt) return null;
  const ms = new Date(deleteAt).getTime() - now.getTime();
  return Math.max(0, Math.ceil(ms / (24 * 60 * 60 * 1000)));
}

export const isDaysLeftWarning = (days: number | null): boolean =>
  days !== null && days <= DAYS_LEFT_WARNING;

/** Remaining time of a job: '45 s', '2.5 min' (the §9 duration format). */
export function formatEta(seconds: number): string {
  if (seconds > 60) return `${(seconds / 60).toFixed(1)} min`;
  return `${Math.max(0, Math.round(seconds))} s`;
}
