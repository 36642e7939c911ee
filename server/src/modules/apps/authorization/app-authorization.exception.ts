import { appAuthMessages, type FieldErrors, NOTICE_KEY } from '@animata/contracts';
import { DomainException } from '../../../common/errors/domain.exception.js';

export enum AppAuthorizationErrorCode {
  /** A redirect_uri the app did not register, exactly as asked (422). */
  RedirectNotRegistered = 'REDIRECT_NOT_REGISTERED',
  /** Popup mode for an app that registered no origin to post the result to (422). */
  NoPopupOrigin = 'NO_POPUP_ORIGIN',
  /** A query or body value of the wrong shape: a limit, a cursor, a PKCE pair (422). */
  InvalidInput = 'INVALID_INPUT',
  /** Too many failed client authentications from one address (429). */
  TooManyRequests = 'TOO_MANY_REQUESTS',
}

const STATUS: Record<AppAuthorizationErrorCode, number> = {
  [AppAuthorizationErrorCode.RedirectNotRegistered]: 422,
  [AppAuthorizationErrorCode.NoPopupOrigin]: 422,
  [AppAuthorizationErrorCode.InvalidInput]: 422,
  [AppAuthorizationErrorCode.TooManyRequests]: 429,
};

/** The authorization server's refusals, in the catalogue's shape. */
export class AppAuthorizationException extends DomainException {
  readonly status: number;

  private constructor(
    code: AppAuthorizationErrorCode,
    message: string,
    fieldErrors?: FieldErrors,
    retryAfterMs?: number,
  ) {
    super(code, message, fieldErrors, undefined, retryAfterMs);
    this.status = STATUS[code];
  }

  static redirectNotRegistered(uri: string): AppAuthorizationException {
    const message = appAuthMessages.redirectNotAllowed(uri);
    return new AppAuthorizationException(AppAuthorizationErrorCode.RedirectNotRegistered, message, {
      redirect_uri: message,
    });
  }

  static noPopupOrigin(): AppAuthorizationException {
    return new AppAuthorizationException(
      AppAuthorizationErrorCode.NoPopupOrigin,
      appAuthMessages.noWindow,
      { [NOTICE_KEY]: appAuthMessages.noWindow },
    );
  }

  static field(field: string, message: string): AppAuthorizationException {
    return new AppAuthorizationException(AppAuthorizationErrorCode.InvalidInput, message, {
      [field]: message,
    });
  }

  static tooManyRequests(message: string, retryAfterMs: number): AppAuthorizationException {
    return new AppAuthorizationException(
      AppAuthorizationErrorCode.TooManyRequests,
      message,
      undefined,
      retryAfterMs,
    );
  }
}
