/**
 * Bounds on what a project may hold and on what an import may read (issue 17). Past any of
 * them the server answers 422 with projectMessages.tooComplex; they keep one request's memory
 * and CPU bounded, well inside the free plan's storage.
 */
export const PROJECT_DOCUMENT_LIMITS = {
  /** UTF-8 bytes of `document` (a raster import's base64 included). */
  maxDocumentBytes: 8 * 1024 * 1024,
  /** UTF-8 bytes of `definitions` as JSON. */
  maxDefinitionsBytes: 2 * 1024 * 1024,
  /** Elements in `document`. */
  maxElements: 20_000,
  /** Depth of the element tree, the root being 1. */
  maxDepth: 64,
} as const;

export const PROJECT_IMPORT_LIMITS = {
  /** Bytes of an uploaded file. */
  maxFileBytes: 5 * 1024 * 1024,
  /** Pixels of an uploaded raster image (width × height). */
  maxPixels: 4096 * 4096,
} as const;

/**
 * The default import rates per customer (issue 29; RATE_LIMIT_IMPORT_BURST, RATE_LIMIT_IMPORT and
 * RATE_LIMIT_IMPORT_REFUSED change them). Only accepted files use up the burst and the hourly
 * limit: a minute's burst takes a dropped folder of 100 images, the hour allows several such
 * folders. Refused files (wrong type, too complex, over quota) count against a budget of their
 * own, since each still costs parsing work.
 */
export const PROJECT_IMPORT_RATES = {
  burst: { limit: 120, windowMs: 60_000 },
  hourly: { limit: 600, windowMs: 3_600_000 },
  refused: { limit: 60, windowMs: 3_600_000 },
} as const;

/** The file types an import accepts, decided by the bytes (not the name or the claimed type). */
export const PROJECT_IMPORT_TYPES = ['svg', 'jpeg', 'png', 'gif', 'webp', 'json'] as const;
export type ProjectImportType = (typeof PROJECT_IMPORT_TYPES)[number];

/** What the file picker offers; the server still decides by the bytes. */
export const PROJECT_IMPORT_ACCEPT =
  '.svg,.jpg,.jpeg,.png,.gif,.webp,.json,image/svg+xml,image/jpeg,image/png,image/gif,image/webp,application/json';

/** The export's file name: the title with characters unsafe in a file name replaced. */
export function exportFileName(title: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const safe = title.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '_').trim();
  return `${safe || 'project'}.animata.json`;
}

/** Where a project's static preview of one version is served (plan "Data"). */
export function projectPreviewUri(projectId: string, version: number): string {
  return `/api/animata/projects/${projectId}/preview?v=${version}`;
}

/** Where the preview of one version is kept in file storage. */
export function projectPreviewKey(projectId: string, version: number): string {
  return `previews/${projectId}/${version}.svg`;
}

/** The parts of POST endpoints.projects.import: the file and, optionally, the folder id. */
export const PROJECT_IMPORT_FIELDS = { file: 'file', label: 'label' } as const;
