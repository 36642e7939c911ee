import type { Pagination } from '../projects/project.js';

/**
 * Renders (exports) of a project to video and animated images (projects-dashboard §3 Export,
 * §4 render job statuses; billing-teams-apps §1 export limits). Issue 32.
 */

/** Render ids: as project ids, 32 lowercase letters and digits. Also the BullMQ job id. */
export const RENDER_ID_PATTERN = /^[a-z0-9]{32}$/;
export const isRenderId = (value: string): boolean => RENDER_ID_PATTERN.test(value);

/** Videos. */
export const VIDEO_EXTENSIONS = ['mp4', 'webm', 'mov'] as const;
/** Animated images; `zip` is a PNG sequence in a zip file. */
export const IMAGE_EXTENSIONS = ['gif', 'webp', 'apng', 'zip'] as const;
export const RENDER_EXTENSIONS = [...VIDEO_EXTENSIONS, ...IMAGE_EXTENSIONS] as const;
export type VideoExtension = (typeof VIDEO_EXTENSIONS)[number];
export type ImageExtension = (typeof IMAGE_EXTENSIONS)[number];
export type RenderExtension = (typeof RENDER_EXTENSIONS)[number];

export const RENDER_CODECS = ['h264', 'h265', 'vp9', 'vp8', 'prores'] as const;
export type RenderCodec = (typeof RENDER_CODECS)[number];

/** The codecs each video extension offers, the first the default; images have none (null). */
export const CODECS_BY_EXTENSION: Record<VideoExtension, readonly RenderCodec[]> = {
  mp4: ['h264', 'h265'],
  webm: ['vp9', 'vp8'],
  mov: ['prores', 'h264'],
};

/** The Content-Type of each output format (downloads, previews, share links). */
export const RENDER_MIME_TYPES: Record<RenderExtension, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  gif: 'image/gif',
  webp: 'image/webp',
  apng: 'image/apng',
  zip: 'application/zip',
};

/** §9: the details dialog hides the codec for these. */
export const CODEC_HIDDEN_FOR = ['gif', 'webp', 'apng', 'png', 'zip'] as const;

/** Formats that keep transparency when no matte is given. */
export const ALPHA_FORMATS: readonly { extension: RenderExtension; codec: RenderCodec | null }[] = [
  { extension: 'webm', codec: 'vp9' },
  { extension: 'mov', codec: 'prores' },
  { extension: 'webp', codec: null },
  { extension: 'apng', codec: null },
  { extension: 'zip', codec: null },
];

export const RENDER_QUALITIES = ['low', 'medium', 'high', 'maximum'] as const;
export type RenderQuality = (typeof RENDER_QUALITIES)[number];

export const RENDER_DITHERS = ['none', 'bayer', 'floyd_steinberg', 'sierra2_4a'] as const;
export type RenderDither = (typeof RENDER_DITHERS)[number];

/** §3 `jobInput`: what to render. Times in milliseconds. */
export interface RenderJobInput {
  extension: RenderExtension;
  /** The video codec; null for animated images. */
  codec: RenderCodec | null;
  /** Frames per second. */
  framerate: number;
  resolution: { width: number; height: number };
  quality: RenderQuality;
  /** Colours in a GIF's palette (2–256); ignored by other formats. */
  colorPaletteSize: number;
  /** A background colour '#rrggbb'; null keeps transparency where the format has it, else white. */
  matte: string | null;
  dither: RenderDither;
  /** The part of the animation rendered: from `start`, `duration` long (one iteration). */
  offset: { start: number; duration: number };
  /** Playback speed: 2 renders twice as fast (half the output duration). */
  speed: number;
  /** How many times the part plays (loops) in the output. */
  iterations: number;
}

/**
 * §4: queued (waiting for its turn in the customer's line), scheduled (handed to the render
 * queue), deployed (a worker is starting it: shown as Starting), progress (percent and ETA),
 * done. Negative statuses end a job without a file: failed (with the reason) and aborted.
 */
export const RENDER_ACTIVE_STATUSES = ['queued', 'scheduled', 'deployed', 'progress'] as const;
export const RENDER_NEGATIVE_STATUSES = ['failed', 'aborted'] as const;
export const RENDER_STATUSES = [
  ...RENDER_ACTIVE_STATUSES,
  'done',
  ...RENDER_NEGATIVE_STATUSES,
] as const;
export type RenderActiveStatus = (typeof RENDER_ACTIVE_STATUSES)[number];
export type RenderStatus = (typeof RENDER_STATUSES)[number];

export const isActiveRenderStatus = (status: string): status is RenderActiveStatus =>
  (RENDER_ACTIVE_STATUSES as readonly string[]).includes(status);
export const isNegativeRenderStatus = (status: string): boolean =>
  (RENDER_NEGATIVE_STATUSES as readonly string[]).includes(status);

export interface RenderJob {
  status: RenderStatus;
  /** 0–100. */
  percent: number;
  /** Seconds left while in progress; null otherwise or before the first estimate. */
  eta: number | null;
  /** Why a failed job failed (a sentence for the customer); null otherwise. */
  error: string | null;
  /** Within the customer's own line: higher goes first (set-priotity). */
  priority: number;
  created: string;
  updated: string;
  started: string | null;
  jobInput: RenderJobInput;
}

/** §3 Export (render). `size` in MB; dates ISO 8601. */
export interface RenderExport {
  id: string;
  title: string;
  size: number;
  project_id: string | null;
  project_title: string;
  /** The output's length in ms (offset.duration × iterations ÷ speed). */
  duration: number;
  /** A signed share URL once made (POST video/{id}/share), while it is valid; else null. */
  shareUrl: string | null;
  /** When the file will be deleted; null when it is kept. */
  deleteAt: string | null;
  /** Free and starter renders carry the watermark. */
  watermark: boolean;
  createdAt: string;
  updatedAt: string;
  job: RenderJob;
}

/** What the customer's plan lets them render, and what they use (billing-teams-apps §1, §9). */
export interface RenderLimits {
  /** Render files (done and pending): used and the limit, null for unlimited. */
  files: { used: number; limit: number | null };
  /** Render storage in MB: used and the limit, null when the files' count is the limit. */
  storage: { used: number; limit: number | null };
  /** Exports started this calendar month (UTC) and the limit, null for unlimited. */
  monthly: { used: number; limit: number | null };
  /** True when no new render may start: the Upgrade to continue link shows. */
  reached: boolean;
}

/** GET endpoints.renders.list query: jobStatus is `done` or a comma list of active statuses. */
export interface RenderListQuery {
  jobStatus?: string;
  rows?: number;
  page?: number;
  titleSearchFilter?: string;
  sort_by?: string;
}

export interface RenderListResponse {
  data: RenderExport[];
  pagination: Pagination;
  limits: RenderLimits;
}

/** POST endpoints.renders.create. */
export interface CreateRenderRequest {
  projectId: string;
  /** Defaults to the project's title. */
  title?: string;
  jobInput: RenderJobInput;
}

export interface CreateRenderResponse {
  export: RenderExport;
  limits: RenderLimits;
}

export interface RenderIdsRequest {
  ids: string[];
}

export interface RenderIdsResponse {
  ids: string[];
  limits: RenderLimits;
}

export interface RenderPriorityRequest {
  priority: number;
}

export interface RenderShareResponse {
  shareUrl: string;
  expiresAt: string;
}

/** The abort call answers the limits it gave back (§7 video handler). */
export interface RenderAbortResponse {
  export: RenderExport;
  limits: RenderLimits;
}

/** What the Export dialog needs: the project, the plan's caps and defaults. */
export interface RenderOptionsResponse {
  project: {
    id: string;
    title: string;
    duration: number;
    dimension: { width: number; height: number };
  };
  caps: RenderCaps;
  defaults: RenderJobInput;
  limits: RenderLimits;
}

/** The plan's caps on one render (billing-teams-apps §1 comparison table). */
export interface RenderCaps {
  /** Longest side in px (4K: 3840) and the most pixels (3840 × 2160). */
  maxLongSide: number;
  maxPixels: number;
  maxVideoFramerate: number;
  maxImageFramerate: number;
  /** The output's longest length in ms (2 hours). */
  maxDurationMs: number;
  qualities: readonly RenderQuality[];
  watermark: boolean;
}
