import { TITLE_MAX_LENGTH } from './project.js';
import { formatDate } from '../format/format.js';

/** Grid constants (§9). */
export const GRID = {
  cardWidth: 290,
  margin: 60,
  gap: 20,
  sidebarOffset: 291,
  /** Above this body width the side menu takes `sidebarOffset`; at or below it is a drawer. */
  drawerBreakpoint: 960,
  fallbackPerRow: 5,
  previewMaxHeight: 140,
} as const;

/** Columns per row = floor((width - 60 + 20) / 290), at least one (§9). */
export function filesPerRow(width: number): number {
  if (!Number.isFinite(width) || width <= 0) return GRID.fallbackPerRow;
  return Math.max(1, Math.floor((width - GRID.margin + GRID.gap) / GRID.cardWidth));
}

/** The width the grid gets from a body this wide: the side menu takes its share above 960. */
export function gridWidth(bodyWidth: number): number {
  return bodyWidth > GRID.drawerBreakpoint ? bodyWidth - GRID.sidebarOffset : bodyWidth;
}

/** Page size: 2, 3, 4 or 5 rows below 1110, from 1110, from 1460 and from 1810 px high (§9). */
export function pageSize(viewportHeight: number, perRow: number): number {
  const rows =
    viewportHeight >= 1810 ? 5 : viewportHeight >= 1460 ? 4 : viewportHeight >= 1110 ? 3 : 2;
  return rows * perRow;
}

/** The page size a request without a measured viewport gets: 2 rows of the fallback. */
export const DEFAULT_PAGE_SIZE = 2 * GRID.fallbackPerRow;
/** The largest page a list request may ask for. */
export const MAX_PAGE_SIZE = 100;

/** Placeholders that fill the last row of a grid (§2). */
export function placeholdersFor(count: number, perRow: number): number {
  if (count === 0 || perRow <= 1) return 0;
  const rest = count % perRow;
  return rest === 0 ? 0 : perRow - rest;
}

export function totalPages(totalFiles: number, filesPerPage: number): number {
  return Math.max(1, Math.ceil(totalFiles / Math.max(1, filesPerPage)));
}

/** The page (from 1) that holds the item at `index` (from 0) when a page holds `rows`. */
export function pageHolding(index: number, rows: number): number {
  return Math.floor(Math.max(0, index) / Math.max(1, rows)) + 1;
}

/**
 * Where a list shown `rows` a page goes when the window showing it asks for `size` a page (§9),
 * or null when it stays. Page 1 reloads when the window's size shows other projects on it
 * (more, fewer, or pagination where there was none); a later page moves to the page of the new
 * size that holds the first project it showed. The page links then carry one size from page to
 * page, so no project is skipped or shown twice (issue 29).
 */
export function pageForWindowSize(
  list: { page: number; rows: number; total: number },
  size: number,
): number | null {
  const { page, rows, total } = list;
  if (size === rows) return null;
  if (page <= 1) return Math.min(total, rows) === Math.min(total, size) ? null : 1;
  return pageHolding((page - 1) * rows, size);
}

/** One entry of the pagination bar: a page number, or a gap shown as an ellipsis. */
export type PageLink = { type: 'page'; page: number } | { type: 'gap'; key: string };

/**
 * Up to 11 pages (5 each side of the current), with the first and the last page always
 * linked and an ellipsis where pages are left out (§9). Empty when one page holds everything.
 */
export function paginationWindow(page: number, pages: number, side = 5): PageLink[] {
  if (pages <= 1) return [];
  const current = Math.min(Math.max(1, page), pages);
  let from = Math.max(1, current - side);
  let to = Math.min(pages, current + side);
  // Keep 11 numbers when the current page is near an end.
  if (to - from < 2 * side) {
    if (from === 1) to = Math.min(pages, 1 + 2 * side);
    else if (to === pages) from = Math.max(1, pages - 2 * side);
  }
  const links: PageLink[] = [];
  if (from > 1) {
    links.push({ type: 'page', page: 1 });
    if (from > 2) links.push({ type: 'gap', key: 'start' });
  }
  for (let p = from; p <= to; p++) links.push({ type: 'page', page: p });
  if (to < pages) {
    if (to < pages - 1) links.push({ type: 'gap', key: 'end' });
    links.push({ type: 'page', page: pages });
  }
  return links;
}

/**
 * The title of a copy (§4): a trailing '(n)' becomes '(n+1)', otherwise ' (2)' is appended;
 * the result is cut so the suffix survives within the title limit.
 */
export function duplicateTitle(title: string): string {
  const match = /^(.*?)\s*\((\d+)\)$/.exec(title);
  const base = match ? match[1]! : title;
  // BigInt: a long number (a title holds up to 62 digits) must not turn into '1e+25'.
  const next = match ? BigInt(match[2]!) + 1n : 2;
  const suffix = ` (${next})`;
  return `${base.slice(0, TITLE_MAX_LENGTH - suffix.length).trimEnd()}${suffix}`;
}

/** The default title of an import with no usable name (§5). */
export const DEFAULT_IMPORT_TITLE = 'Project.svg';

/** An imported project's title: the file name without extension, cut to 64 characters (§5). */
export function importedTitle(fileName: string | null | undefined): string {
  // A title holds no control characters (a line break in a file name becomes a space).
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced
  const name = (fileName ?? '').replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
  const base = name.split(/[\\/]/).pop() ?? '';
  const withoutExtension = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  const title = withoutExtension.trim().slice(0, TITLE_MAX_LENGTH).trim();
  return title === '' ? DEFAULT_IMPORT_TITLE : title;
}

/** Sizes in KB below 1 MB, MB, and GB from 1024 MB (§9); input in MB. */
export function formatSizeMb(mb: number): string {
  if (mb < 1) return `${Math.max(0, Math.round(mb * 1024))} KB`;
  if (mb < 1024) return `${round1(mb)} MB`;
  return `${round1(mb / 1024)} GB`;
}

/** Durations over 60 s show as minutes with one decimal (§9). */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds > 60) return `${(seconds / 60).toFixed(1)} min`;
  return `${round1(seconds)} s`;
}

/** The card footer's date: US-English short format, e.g. 'Nov 24, 2026' (§2). */
export function formatCardDate(iso: string): string {
  return formatDate(iso, 'short');
}

/** The storage icon's fill: the used percentage, clamped to 0-100 (§9). */
export function storagePercent(used: number, limit: number): number {
  if (!(limit > 0)) return 100;
  return Math.min(100, Math.max(0, Math.round((used / limit) * 100)));
}

function round1(value: number): string {
  return String(Math.round(value * 10) / 10);
}
