import { randomUUID } from 'node:crypto';

/**
 * What the BFF calls of one page share. A page's loaders reach the BFF in-process several times
 * over (the dashboard: the session, the customer, the folders, the teams, the list), each call
 * with the visitor's same cookie, and each would read the same session again. The Remix bridge
 * opens a PageReads for each page request; its in-process calls carry its id
 * (PAGE_READS_HEADER), and a read asked for by key inside it is done once and shared.
 *
 * The id travels explicitly, not in an AsyncLocalStorage: that would put a promise hook on every
 * promise of the process, every API request's included. Every key names its visitor (the
 * session's token, the cookie), so a request that sends another page's id gets nothing of
 * anyone else's. Only reads: the in-process transport forgets everything after a call that may
 * write (a session it ended, say), and an id is unknown once its page has been rendered.
 */
export class PageReads {
  readonly id = randomUUID();
  private readonly remembered = new Map<string, Promise<unknown>>();

  /** The answer of `read`, done once for this key. A failed read is not remembered. */
  once<T>(key: string, read: () => Promise<T>): Promise<T> {
    const known = this.remembered.get(key) as Promise<T> | undefined;
    if (known) return known;
    const reading = read();
    this.remembered.set(key, reading);
    reading.catch(() => this.forget(key, reading));
    return reading;
  }

  /** Forgets one key's read, unless another read has taken its place meanwhile. */
  forget(key: string, reading: Promise<unknown>): void {
    if (this.remembered.get(key) === reading) this.remembered.delete(key);
  }

  /** Forgets everything (after a call that may write, and when the page is done). */
  forgetAll(): void {
    this.remembered.clear();
  }
}

/** The header an in-process call names its page's reads with. */
export const PAGE_READS_HEADER = 'x-animata-page-reads';

/** The pages being rendered now, by id. */
const open = new Map<string, PageReads>();

/** Opens a page's reads; `close` once its loaders and actions are done. */
export function openPageReads(): { reads: PageReads; close: () => void } {
  const reads = new PageReads();
  open.set(reads.id, reads);
  return {
    reads,
    close: () => {
      open.delete(reads.id);
      reads.forgetAll();
    },
  };
}

/** The reads of the page a request's headers name, or null (any other request). */
export function pageReadsOf(
  headers: Record<string, string | string[] | undefined>,
): PageReads | null {
  const id = headers[PAGE_READS_HEADER];
  return typeof id === 'string' ? (open.get(id) ?? null) : null;
}
