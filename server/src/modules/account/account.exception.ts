import type { FieldErrors } from '@animata/contracts';
import { DomainException } from '../../common/errors/domain.exception.js';

export enum AccountErrorCode {
  InvalidInput = 'INVALID_INPUT',
  /** The e-mail change refused: wrong password, address in use, no password (403, §8). */
  Refused = 'REFUSED',
}

const STATUS: Record<AccountErrorCode, number> = {
  [AccountErrorCode.InvalidInput]: 422,
  [AccountErrorCode.Refused]: 403,
};

export class AccountException extends DomainException {
  readonly status: number;

  private constructor(code: AccountErrorCode, message: string, fieldErrors?: FieldErrors) {
    super(code, message, fieldErrors);
    this.status = STATUS[code];
  }

  static field(field: string, message: string): AccountException {
    return new AccountException(AccountErrorCode.InvalidInput, message, { [field]: message });
  }

  /** 403 with the message as the notice and, when given, entries for the form's fields. */
  static refused(message: string, fieldErrors?: FieldErrors): AccountException {
    return new AccountException(AccountErrorCode.Refused, message, fieldErrors);
  }

  /** 422 with the message as the notice ('.'). */
  static notice(message: string): AccountException {
    return new AccountException(AccountErrorCode.InvalidInput, message, { '.': message });
  }
}
