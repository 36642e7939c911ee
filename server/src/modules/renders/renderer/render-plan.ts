/**
 * What one render does, worked out before anything runs (issue 32): the frames, the time of
 * the animation each one shows, the output's size, pixels and container. Pure: the renderer
 * session draws and encodes what this says; unit tests check the arithmetic.
 */

import {
  CODECS_BY_EXTENSION,
  RENDER_MIME_TYPES,
  renderKeepsAlpha,
  type RenderCodec,
  type RenderDither,
  type RenderExtension,
  type RenderJobInput,
  type RenderQuality,
} from '@animata/contracts';

/** The job's `jobInput` (projects-dashboard §3; libs/contracts renders). */
export type RendererJobInput = RenderJobInput;

/** The project as it plays (ProjectData's options and document). */
export interface RenderProject {
  options: {
    dimension: { width: number; height: number };
    /** ms; 0 for a still image. */
    duration: number;
    fps: number;
    /** A CSS colour, or 'transparent'. */
    background: string;
  };
  /** The sanitised SVG document (raster projects embed their image as a data URI). */
  document: string;
}

export interface RenderPlan {
  extension: RenderExtension;
  /** The codec used: the extension's default when the input gave none. */
  codec: RenderCodec | null;
  fps: number;
  /** The output's pixel size: even for the 4:2:0 codecs (h264, h265, vp8, vp9 without alpha). */
  width: number;
  height: number;
  frames: number;
  /** The animation's time (ms) the first frame shows, and of each frame: see frameTime. */
  startMs: number;
  /** One iteration's length in the animation's time (ms); 0 repeats the start. */
  spanMs: number;
  speed: number;
  /** The output's duration in ms: duration × iterations ÷ speed. */
  durationMs: number;
  /** Transparent pixels kept (the format has alpha and no matte was asked for). */
  alpha: boolean;
  /** What fills the frame behind the project: '#rrggbb', or null for transparent. */
  matte: string | null;
  quality: RenderQuality;
  colorPaletteSize: number;
  dither: RenderDither;
  watermark: boolean;
  mimeType: string;
}

/** Each video format's default codec: the first it offers. */
export const DEFAULT_CODECS: Record<'mp4' | 'webm' | 'mov', RenderCodec> = {
  mp4: CODECS_BY_EXTENSION.mp4[0]!,
  webm: CODECS_BY_EXTENSION.webm[0]!,
  mov: CODECS_BY_EXTENSION.mov[0]!,
};

export const MIME_TYPES = RENDER_MIME_TYPES;

/** Where no matte is given these keep transparency; the rest get white (issue 32). */
export const formatHasAlpha = renderKeepsAlpha;

/** Limits the renderer itself holds to (the plan's own limits are checked before a job is queued). */
export const RENDERER_LIMITS = {
  minFps: 1,
  maxFps: 60,
  /** 8K: past the largest plan (4K) with room; bigger pages are refused by Chromium anyway. */
  maxDimension: 7680,
  minSpeed: 0.25,
  maxSpeed: 4,
  minPalette: 2,
  maxPalette: 256,
} as const;

export class RenderPlanError extends Error {
  override readonly name = 'RenderPlanError';
}

const MATTE = /^#[0-9a-f]{6}$/i;

/** The codec the job asked for, the extension's default when null; a wrong pair is refused. */
function codecOf(input: RendererJobInput): RenderCodec | null {
  const { extension, codec } = input;
  if (extension !== 'mp4' && extension !== 'webm' && extension !== 'mov') return null;
  if (codec === null) return DEFAULT_CODECS[extension];
  if (!CODECS_BY_EXTENSION[extension].includes(codec))
    throw new RenderPlanError(`The codec ${codec} does not go in a ${extension} file.`);
  return codec;
}

/** 4:2:0 chroma needs even sides: one pixel less on an odd side (never below 2). */
function evenSide(value: number): number {
  return Math.max(2, value - (value % 2));
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * The job's input and the customer's plan (watermark) as the renderer's plan. Values the
 * queue's validation let through are taken as given; what would make ffmpeg or the arithmetic
 * fail (no frames, a side of 0, a matte that is not a colour) throws RenderPlanError.
 */
export function planRender(input: RendererJobInput, options: { watermark: boolean }): RenderPlan {
  const codec = codecOf(input);
  const fps = input.framerate;
  if (!Number.isFinite(fps) || fps < RENDERER_LIMITS.minFps || fps > RENDERER_LIMITS.maxFps)
    throw new RenderPlanError(`The frame rate must be from 1 to 60, got ${fps}.`);
  const speed = input.speed;
  if (
    !Number.isFinite(speed) ||
    speed < RENDERER_LIMITS.minSpeed ||
    speed > RENDERER_LIMITS.maxSpeed
  )
    throw new RenderPlanError(`The speed must be from 0.25 to 4, got ${speed}.`);
  const iterations = Math.floor(input.iterations);
  if (!(iterations >= 1)) throw new RenderPlanError('At least one iteration is rendered.');
  const { start, duration } = input.offset;
  if (!Number.isFinite(start) || start < 0 || !Number.isFinite(duration) || duration <= 0)
    throw new RenderPlanError('The offset needs a start of 0 or more and a duration above 0.');
  let { width, height } = input.resolution;
  if (
    !Number.isInteger(width) ||
    !Number.isInteger(height) ||
    width < 1 ||
    height < 1 ||
    width > RENDERER_LIMITS.maxDimension ||
    height > RENDERER_LIMITS.maxDimension
  )
    throw new RenderPlanError(`The resolution ${width} × ${height} cannot be rendered.`);
  if (input.matte !== null && !MATTE.test(input.matte))
    throw new RenderPlanError(`The matte must be a colour as #rrggbb, got "${input.matte}".`);

  const alpha = input.matte === null && formatHasAlpha(input.extension, codec);
  // x264, x265, libvpx (4:2:0) need even sides; vp9 with alpha is yuva420p: even too.
  if (codec === 'h264' || codec === 'h265' || codec === 'vp8' || codec === 'vp9') {
    width = evenSide(width);
    height = evenSide(height);
  }
  const durationMs = (duration * iterations) / speed;
  // Whole frames; at least one (a 10 ms export at 1 fps is one frame).
  const frames = Math.max(1, Math.round((durationMs * fps) / 1000));
  return {
    extension: input.extension,
    codec,
    fps,
    width,
    height,
    frames,
    startMs: start,
    spanMs: duration,
    speed,
    durationMs,
    alpha,
    matte: alpha ? null : (input.matte ?? '#ffffff'),
    quality: input.quality,
    colorPaletteSize: Math.round(
      clamp(input.colorPaletteSize, RENDERER_LIMITS.minPalette, RENDERER_LIMITS.maxPalette),
    ),
    dither: input.dither,
    watermark: options.watermark,
    mimeType: MIME_TYPES[input.extension],
  };
}

/**
 * The animation's time (ms) frame `index` shows: the output's time (index ÷ fps) times the
 * speed, wrapped into the iteration (start to start + duration), so every iteration shows the
 * same frames at the same points.
 */
export function frameTime(
  plan: Pick<RenderPlan, 'fps' | 'speed' | 'startMs' | 'spanMs'>,
  index: number,
): number {
  const played = ((index * 1000) / plan.fps) * plan.speed;
  if (plan.spanMs <= 0) return plan.startMs;
  // Rounded to a microsecond, so 1000/3 × 3 lands on the start of the next pass, not before it.
  const within = Math.round((played % plan.spanMs) * 1000) / 1000;
  return plan.startMs + (within >= plan.spanMs ? 0 : within);
}
