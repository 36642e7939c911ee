import { catalogueMessages, NOTICE_KEY, ownMessages, type FieldErrors } from '@animata/contracts';
import { DomainException } from './domain.exception.js';

export enum CommonErrorCode {
  NotFound = 'NOT_FOUND',
  Forbidden = 'FORBIDDEN',
  Conflict = 'CONFLICT',
  Unauthenticated = 'UNAUTHENTICATED',
  Validation = 'VALIDATION',
  TooManyRequests = 'TOO_MANY_REQUESTS',
  PayloadTooLarge = 'PAYLOAD_TOO_LARGE',
  BadRequest = 'BAD_REQUEST',
  ServiceUnavailable = 'SERVICE_UNAVAILABLE',
}

const STATUS: Record<CommonErrorCode, number> = {
  [CommonErrorCode.NotFound]: 404,
  [CommonErrorCode.Forbidden]: 403,
  [CommonErrorCode.Conflict]: 409,
  [CommonErrorCode.Unauthenticated]: 401,
  [CommonErrorCode.Validation]: 422,
  [CommonErrorCode.TooManyRequests]: 429,
  [CommonErrorCode.PayloadTooLarge]: 413,
  [CommonErrorCode.BadRequest]: 400,
  [CommonErrorCode.ServiceUnavailable]: 503,
};

export class CommonException extends DomainException {
  readonly status: number;

  constructor(
    code: CommonErrorCode,
    message: string,
    fieldErrors?: FieldErrors,
    retryAfterMs?: number,
  ) {
    super(code, message, fieldErrors, undefined, retryAfterMs);
    this.status = STATUS[code];
  }

  /** Also what a denied access looks like, so nobody learns that a thing exists. */
  static notFound(): CommonException {
    return new CommonException(CommonErrorCode.NotFound, catalogueMessages.notFound);
  }

  static unauthenticated(): CommonException {
    return new CommonException(CommonErrorCode.Unauthenticated, catalogueMessages.loggedOut);
  }

  static forbidden(message: string): CommonException {
    return new CommonException(CommonErrorCode.Forbidden, message);
  }

  static conflict(message: string): CommonException {
    return new CommonException(CommonErrorCode.Conflict, message);
  }

  /** 429; with `retryAfterMs` the answer carries Retry-After. */
  static tooManyRequests(
    message: string = ownMessages.tooManyRequests,
    retryAfterMs?: number,
  ): CommonException {
    return new CommonException(CommonErrorCode.TooManyRequests, message, undefined, retryAfterMs);
  }

  /** 503 with Retry-After: the process is stopping and hands the request back. */
  static serviceUnavailable(retryAfterMs: number): CommonException {
    return new CommonException(
      CommonErrorCode.ServiceUnavailable,
      ownMessages.serviceUnavailable,
      undefined,
      retryAfterMs,
    );
  }

  /** 422 with errors keyed by field; a notice that belongs to no field goes under '.'. */
  static validation(fieldErrors: FieldErrors): CommonException {
    const first = Object.values(fieldErrors)[0] ?? '';
    return new CommonException(CommonErrorCode.Validation, first, fieldErrors);
  }

  static badRequest(message: string): CommonException {
    return new CommonException(CommonErrorCode.BadRequest, message);
  }

  static notice(message: string): CommonException {
    return CommonException.validation({ [NOTICE_KEY]: message });
  }
}
