import type { Sort } from '../projects/project.js';
import { SORTS } from '../projects/project.js';

/**
 * The renders screen's and the Export dialog's own words and address parameters (issue 32,
 * web). The spec names the sorts but not their labels; the first four are the project views'.
 */
export const RENDER_SORT_LABELS: Record<Sort, string> = {
  date_desc: 'Last modified',
  date_asc: 'Oldest first',
  title_asc: 'Name A–Z',
  title_desc: 'Name Z–A',
  size_desc: 'Largest first',
  size_asc: 'Smallest first',
};

/** §9: renders offer all six sorts, in the dropdown's order. */
export const RENDER_SORT_ORDER: readonly Sort[] = [
  'date_desc',
  'date_asc',
  'title_asc',
  'title_desc',
  'size_desc',
  'size_asc',
];
export const RENDER_SORTS = SORTS;

/**
 * The renders screen's state in the address, so that it works without JavaScript:
 * `?export={projectId}` opens the Export dialog (any dashboard page and the project page);
 * `?render={id}&show=details|preview|abort|delete|share` a render's dialog (ids comma-separated
 * for a bulk delete).
 */
export const RENDER_PARAMS = { export: 'export', render: 'render', show: 'show' } as const;
export const RENDER_DIALOGS = ['details', 'preview', 'abort', 'delete', 'share'] as const;
export type RenderDialogName = (typeof RENDER_DIALOGS)[number];

/** Intents the renders screen's and the Export dialog's forms post. */
export const RENDER_INTENTS = {
  create: 'render-create',
  abort: 'render-abort',
  delete: 'render-delete',
  priority: 'render-priority',
  share: 'render-share',
} as const;

/** How often the screen reloads itself without JavaScript while jobs are active (seconds). */
export const RENDERS_REFRESH_SECONDS = 5;

export const renderPageTexts = {
  downloadProjectFile: 'Download project file',
  rendering: (percent: number) => `Rendering… ${Math.round(percent)}%`,
  noJobs: 'No render jobs',
  searchRenders: 'Search renders',
  noResults: 'No renders match your search',
  moveUp: 'Move up',
  moveDown: 'Move down',
  priority: (title: string) => `Priority of ${title}`,
  select: (title: string) => `Select ${title}`,
  selectedRenders: 'Selected renders',
  deleteSelected: 'Delete selected',
  selectAll: 'Select all',
  close: 'Close',
  abortTitle: 'Abort render',
  deleteTitle: 'Delete renders',
  detailsTitle: (title: string) => `Details of ${title}`,
  previewTitle: (title: string) => `Preview of ${title}`,
  shareTitle: 'Share link',
  shareLinkLabel: 'Link to the render',
  shareNotice: (url: string) =>
    `Anyone with this link can watch the render until it expires: ${url}`,
  copy: 'Copy link',
  filesUsed: (used: number, limit: number | null) =>
    limit === null ? `${used} render files` : `${used} of ${limit} render files`,
  storageUsed: (used: string, limit: string | null) =>
    limit === null ? `${used} used` : `${used} of ${limit} used`,
  limitsLabel: 'Render limits',
  progressLabel: (title: string) => `Progress of ${title}`,
  watermarked: 'Watermarked',
  failedReason: (reason: string) => `Failed: ${reason}`,
  keepAspect: 'Keep the aspect ratio',
  /** Without JavaScript: the format's own first codec (mp4 H264, webm VP9, mov ProRes). */
  codecAuto: 'Default for the format',
  detailLabels: {
    project: 'Project',
    format: 'Format',
    codec: 'Codec',
    resolution: 'Resolution',
    framerate: 'Frame rate',
    duration: 'Duration',
    size: 'Size',
    quality: 'Quality',
    created: 'Created',
    deleteAt: 'Deleted on',
    kept: 'Kept',
    keptForever: 'Not deleted',
  },
  resolution: (width: number, height: number) => `${width} × ${height}`,
  fps: (fps: number) => `${fps} fps`,
} as const;
