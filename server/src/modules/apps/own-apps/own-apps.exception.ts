import { appsMessages, type FieldErrors, NOTICE_KEY } from '@animata/contracts';
import { DomainException } from '../../../common/errors/domain.exception.js';

export enum OwnAppsErrorCode {
  /** A name, redirect URI, origin or manager e-mail that breaks the rules (422). */
  InvalidInput = 'INVALID_INPUT',
  /** Removing or demoting an app's only admin (422, 'The last admin cannot be deleted'). */
  LastAdmin = 'LAST_ADMIN',
  /** Creating an app without the developer grant (403; decision 80). */
  NotADeveloper = 'NOT_A_DEVELOPER',
}

const STATUS: Record<OwnAppsErrorCode, number> = {
  [OwnAppsErrorCode.InvalidInput]: 422,
  [OwnAppsErrorCode.LastAdmin]: 422,
  [OwnAppsErrorCode.NotADeveloper]: 403,
};

/** The own apps calls' refusals, in the catalogue's shape. */
export class OwnAppsException extends DomainException {
  readonly status: number;

  private constructor(code: OwnAppsErrorCode, message: string, fieldErrors?: FieldErrors) {
    super(code, message, fieldErrors);
    this.status = STATUS[code];
  }

  /** An error on one field of the request (`name`, `redirectUris`, `origins`, `email`). */
  static field(field: string, message: string): OwnAppsException {
    return new OwnAppsException(OwnAppsErrorCode.InvalidInput, message, { [field]: message });
  }

  static lastAdmin(): OwnAppsException {
    return new OwnAppsException(OwnAppsErrorCode.LastAdmin, appsMessages.lastAdmin, {
      [NOTICE_KEY]: appsMessages.lastAdmin,
    });
  }

  static notADeveloper(): OwnAppsException {
    return new OwnAppsException(OwnAppsErrorCode.NotADeveloper, appsMessages.notADeveloper);
  }
}
