import { ownMessages, PROJECT_IMPORT_FIELDS, PROJECT_IMPORT_LIMITS } from '@animata/contracts';
import type { FastifyRequest } from 'fastify';
import { CommonException } from '../../../common/errors/common.exception.js';
import { holdsForbiddenCharacters } from '../../../common/http/json-body.js';
import { decodeMultipartFileName } from '../../../common/http/multipart-file-name.js';
import { ProjectException } from '../project.exception.js';
import type { ImportUpload } from './project-files.service.js';

/**
 * Reads POST import's multipart body: one `file` part and at most one `label` field, in either
 * order; the file name as the sender meant it (decodeMultipartFileName). Never a 500: a body that is not multipart or has no file answers 'Invalid File Type',
 * a file past the byte limit 'The file is too complex…', a broken body 400, a file name or label
 * holding a NUL or a lone surrogate 400.
 */
export async function readImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  if (!request.isMultipart()) throw ProjectException.invalidFileType();
  let file: { fileName: string; data: Buffer } | null = null;
  let label: string | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: PROJECT_IMPORT_LIMITS.maxFileBytes, files: 1, fields: 1, parts: 2 },
    })) {
      if (part.type === 'file' && part.fieldname === PROJECT_IMPORT_FIELDS.file && !file) {
        file = {
          fileName: decodeMultipartFileName(part.filename ?? ''),
          data: await part.toBuffer(),
        };
      } else if (part.type === 'field' && part.fieldname === PROJECT_IMPORT_FIELDS.label) {
        label = typeof part.value === 'string' && part.value !== '' ? part.value : null;
      } else {
        if (part.type === 'file') part.file.resume();
        throw ProjectException.invalidFileType();
      }
    }
  } catch (error) {
    throw asClientError(error);
  }
  if (!file || file.data.length === 0) throw ProjectException.invalidFileType();
  // The file name becomes the title and the label a folder lookup: PostgreSQL refuses a NUL.
  if (holdsForbiddenCharacters([file.fileName, label]))
    throw CommonException.badRequest(ownMessages.forbiddenCharacters);
  return { ...file, label };
}

function asClientError(error: unknown): unknown {
  if (error instanceof ProjectException || error instanceof CommonException) return error;
  const { code, statusCode } = (error ?? {}) as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return ProjectException.tooComplex();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return ProjectException.invalidFileType();
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return error;
  // busboy's own errors (a truncated or malformed body) carry no status.
  return CommonException.badRequest(ownMessages.formUnreadable);
}
