import { authMessages, NOTICE_KEY, type FieldErrors } from '@animata/contracts';
import { DomainException } from '../../common/errors/domain.exception.js';

export enum AuthErrorCode {
  WrongCredentials = 'WRONG_CREDENTIALS',
  InvalidInput = 'INVALID_INPUT',
  TokenInvalid = 'TOKEN_INVALID',
  TooManyRequests = 'TOO_MANY_REQUESTS',
}

const STATUS: Record<AuthErrorCode, number> = {
  [AuthErrorCode.WrongCredentials]: 422,
  [AuthErrorCode.InvalidInput]: 422,
  [AuthErrorCode.TokenInvalid]: 422,
  [AuthErrorCode.TooManyRequests]: 429,
};

export class AuthException extends DomainException {
  readonly status: number;

  private constructor(
    code: AuthErrorCode,
    message: string,
    fieldErrors?: FieldErrors,
    retryAfterMs?: number,
  ) {
    super(code, message, fieldErrors, undefined, retryAfterMs);
    this.status = STATUS[code];
  }

  /** Wrong e-mail, wrong password and a locked account all look exactly like this. */
  static wrongCredentials(): AuthException {
    return new AuthException(AuthErrorCode.WrongCredentials, authMessages.wrongCredentials, {
      [NOTICE_KEY]: authMessages.wrongCredentials,
    });
  }

  static field(field: string, message: string): AuthException {
    return new AuthException(AuthErrorCode.InvalidInput, message, { [field]: message });
  }

  static notice(message: string, code = AuthErrorCode.InvalidInput): AuthException {
    return new AuthException(code, message, { [NOTICE_KEY]: message });
  }

  /** 429 with Retry-After; the text names the wait unless the caller has a better one. */
  static tooManyRequests(
    retryAfterMs: number,
    message: string = authMessages.tooManyAttemptsFor(retryAfterMs),
  ): AuthException {
    return new AuthException(AuthErrorCode.TooManyRequests, message, undefined, retryAfterMs);
  }
}
