import type { ErrorBody, FieldErrors } from './error-body.js';
import { NOTICE_KEY } from './error-body.js';
import { catalogueMessages } from './messages.js';

/** What the client shows for a failed call, decided once for every screen. */
export interface InterpretedError {
  status: number;
  /** 'logged-out' sends the visitor to login; 'aborted' shows nothing. */
  kind: 'logged-out' | 'aborted' | 'not-found' | 'validation' | 'error';
  /** The text for a notice (snackbar); empty when only field errors apply. */
  notice: string;
  fieldErrors: FieldErrors;
  limits?: ErrorBody['limits'];
}

/** Status 0 with this flag means the request was aborted on purpose; shown to nobody. */
export interface InterpretInput {
  status: number;
  statusText?: string;
  body?: unknown;
  aborted?: boolean;
  /** Fields the form knows; other keys of a 422 become notices. */
  knownFields?: readonly string[];
}

function asBody(body: unknown): ErrorBody {
  return body !== null && typeof body === 'object' ? (body as ErrorBody) : {};
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * Maps a response to the catalogue (account-and-auth §8). Pure, so the browser, the Remix
 * server and the tests all read statuses the same way.
 */
export function interpretError(input: InterpretInput): InterpretedError {
  const { status } = input;
  const body = asBody(input.body);
  const base = { status, fieldErrors: {} as FieldErrors };

  if (input.aborted) return { ...base, kind: 'aborted', notice: '' };
  if (status === 0) return { ...base, kind: 'error', notice: catalogueMessages.connectionFailed };
  if (status === 401) return { ...base, kind: 'logged-out', notice: catalogueMessages.loggedOut };
  if (status === 404) return { ...base, kind: 'not-found', notice: catalogueMessages.notFound };
  if (status === 500) {
    return {
      ...base,
      kind: 'error',
      notice: nonEmpty(body.error) ?? catalogueMessages.internalServerError,
    };
  }
  if (status === 403 || status === 409) {
    return {
      ...base,
      kind: 'error',
      notice:
        nonEmpty(body.error) ?? nonEmpty(input.statusText) ?? catalogueMessages.forbiddenFallback,
      // §8: for the e-mail change, the 403's password and email entries become field errors.
      fieldErrors: knownFieldErrors(body.errors, input.knownFields),
    };
  }
  if (status === 422) return interpretValidation(status, body, input.knownFields);
  // Statuses the catalogue does not name (429, 413, 400 …) keep the server's text when it sent one.
  return { ...base, kind: 'error', notice: nonEmpty(body.error) ?? catalogueMessages.unknownError };
}

/**
 * The status a form action answers with after a refused call: 429 stays 429, so the browser
 * and its tests can tell "too many attempts"; any other refusal is 422, the form shown again
 * with its field errors and notice.
 */
export function formErrorStatus(status: number): 422 | 429 {
  return status === 429 ? 429 : 422;
}

/** The entries of an `errors` map that name a field the form knows. */
function knownFieldErrors(errors: unknown, knownFields: readonly string[] = []): FieldErrors {
  const fieldErrors: FieldErrors = {};
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return fieldErrors;
  for (const [field, message] of Object.entries(errors as Record<string, unknown>)) {
    if (field !== NOTICE_KEY && knownFields.includes(field) && typeof message === 'string') {
      fieldErrors[field] = message;
    }
  }
  return fieldErrors;
}

function interpretValidation(
  status: number,
  body: ErrorBody,
  knownFields: readonly string[] = [],
): InterpretedError {
  const notices: string[] = [];
  const fieldErrors: FieldErrors = {};
  const { errors } = body;
  if (typeof errors === 'string') {
    notices.push(errors);
  } else if (Array.isArray(errors)) {
    notices.push(...errors.filter((e): e is string => typeof e === 'string'));
  } else if (errors && typeof errors === 'object') {
    for (const [field, message] of Object.entries(errors)) {
      const text = Array.isArray(message) ? message.join('. ') : String(message);
      if (field !== NOTICE_KEY && knownFields.includes(field)) fieldErrors[field] = text;
      else notices.push(text);
    }
  }
  if (notices.length === 0 && Object.keys(fieldErrors).length === 0 && nonEmpty(body.error)) {
    notices.push(body.error as string);
  }
  return {
    status,
    kind: 'validation',
    notice: notices.join('. '),
    fieldErrors,
    ...(body.limits ? { limits: body.limits } : {}),
  };
}
