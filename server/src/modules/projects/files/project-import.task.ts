import { holdsForbiddenCharacters } from '../../../common/http/json-body.js';
import { workerTask } from '../../../common/worker-pool/worker-pool.js';
import { dataChangeOf } from '../data-change.js';
import { ProjectErrorCode, ProjectException } from '../project.exception.js';
import type { DataChange } from '../projects.repository.js';
import { readImport } from './project-import.js';

export interface ImportTaskInput {
  bytes: Uint8Array;
  fileName: string;
}

/**
 * What crosses back from the thread: the project, or which refusal (an exception's class does
 * not survive the structured clone). 'failed' is 'Failed to create project.'; `unexpected`
 * carries an error that was no refusal of ours, for the log.
 */
export type ImportTaskResult =
  | { ok: true; title: string; change: DataChange }
  | {
      ok: false;
      refusal: 'invalid-file-type' | 'too-complex' | 'forbidden-characters' | 'failed';
      unexpected?: string;
    };

/**
 * Reads an upload into a project in the worker pool (this module is a task of it): sniffing,
 * parsing and sanitising a document of up to 8 MiB took seconds of the event loop before.
 */
export async function readImportInWorker({
  bytes,
  fileName,
}: ImportTaskInput): Promise<ImportTaskResult> {
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const { title, data } = await readImport(buffer, fileName);
    // A project file's title or definitions may hold what JSON can escape but PostgreSQL (NUL)
    // or any text (a lone surrogate) cannot: refused like such a JSON body.
    if (holdsForbiddenCharacters({ title, data }))
      return { ok: false, refusal: 'forbidden-characters' };
    // Serialised here too: the event loop only passes the text on to PostgreSQL.
    return { ok: true, title, change: dataChangeOf(data) };
  } catch (error) {
    if (!(error instanceof ProjectException)) {
      return {
        ok: false,
        refusal: 'failed',
        unexpected: error instanceof Error ? (error.stack ?? error.message) : String(error),
      };
    }
    if (error.code === ProjectErrorCode.InvalidFileType)
      return { ok: false, refusal: 'invalid-file-type' };
    if (error.code === ProjectErrorCode.TooComplex) return { ok: false, refusal: 'too-complex' };
    return { ok: false, refusal: 'failed' };
  }
}

export const readImportTask = workerTask<ImportTaskInput, ImportTaskResult>(
  new URL(import.meta.url),
  'readImportInWorker',
);
