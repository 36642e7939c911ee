import { catalogueMessages, ownMessages, type ErrorBody } from '@animata/contracts';
import { HttpException } from '@nestjs/common';
import { DomainException } from './domain.exception.js';

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  /** Unexpected errors are logged with their stack; expected ones are not. */
  unexpected: boolean;
  /** Seconds, for the Retry-After header of a 429 or a 503. */
  retryAfterSeconds?: number;
}

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
}

/**
 * The one place where any thrown value becomes a catalogue body (account-and-auth §8).
 * Unknown errors never leak their message.
 */
export function toErrorResponse(error: unknown, requestId: string): ErrorResponse {
  if (error instanceof DomainException) {
    // A 422 is its field errors; any other status is its message, plus field errors when it
    // has them (the e-mail change's 403: §8 shows them on the fields, the message as a notice).
    const body: ErrorBody =
      error.status === 422
        ? { errors: error.fieldErrors ?? { '.': error.message } }
        : { error: error.message, ...(error.fieldErrors ? { errors: error.fieldErrors } : {}) };
    return {
      status: error.status,
      body: { ...body, ...error.extra, requestId },
      unexpected: false,
      ...(error.retryAfterMs !== undefined
        ? { retryAfterSeconds: Math.max(1, Math.ceil(error.retryAfterMs / 1000)) }
        : {}),
    };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    return { status, body: { error: textForStatus(status), requestId }, unexpected: status >= 500 };
  }
  const fastifyError = error as FastifyLikeError | null;
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const text =
      fastifyError?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      fastifyError?.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? ownMessages.invalidJson
        : textForStatus(status);
    return { status, body: { error: text, requestId }, unexpected: false };
  }
  if (isRefusedText(error)) {
    return {
      status: 400,
      body: { error: ownMessages.forbiddenCharacters, requestId },
      unexpected: false,
    };
  }
  return {
    status: 500,
    body: { error: catalogueMessages.internalServerError, requestId },
    unexpected: true,
  };
}

/**
 * PostgreSQL's refusal of text it cannot store: a NUL in text (22021) or a \u0000 escape in jsonb
 * (22P05). The request bodies are checked before they get that far (json-body.ts, the uploads);
 * this keeps any path those checks miss a 400 rather than a 500.
 */
const REFUSED_TEXT_CODES = new Set(['22021', '22P05']);
function isRefusedText(error: unknown): boolean {
  const driverError = (error as { driverError?: { code?: unknown } } | null)?.driverError;
  return typeof driverError?.code === 'string' && REFUSED_TEXT_CODES.has(driverError.code);
}

function textForStatus(status: number): string {
  switch (status) {
    case 401:
      return catalogueMessages.loggedOut;
    case 403:
      return catalogueMessages.forbiddenFallback;
    case 404:
      return catalogueMessages.notFound;
    case 413:
      return ownMessages.payloadTooLarge;
    case 429:
      return ownMessages.tooManyRequests;
    case 500:
      return catalogueMessages.internalServerError;
    default:
      return catalogueMessages.unknownError;
  }
}
