import { RENDER_MIME_TYPES, type RenderExtension } from '@animata/contracts';

export function renderContentType(extension: string): string {
  return RENDER_MIME_TYPES[extension as RenderExtension] ?? 'application/octet-stream';
}

/**
 * A download's file name: `{title}.{ext}`, without what a file name cannot hold (slashes,
 * backslashes, control characters, the characters Windows refuses) nor leading dots; the
 * header itself is common/http's attachmentDisposition.
 */
export function renderFileName(title: string, extension: string): string {
  const safe = title
    // eslint-disable-next-line no-control-regex -- the point of the pattern
    .replace(/[\u0000-\u001f\u007f-\u009f/\\:*?"<>|]/g, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  return `${safe || 'render'}.${extension}`;
}

/** What a Range header asks of a file of `size` bytes (RFC 9110 §14). */
export type RangeRequest =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * One `bytes=` range: `a-b`, `a-` or the suffix `-n`. No header, another unit, several ranges
 * or a malformed one: the whole file (a server may ignore a Range it does not support). A range
 * that starts past the end, or an empty suffix: unsatisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: 'full' };
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header);
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'full' };
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}
