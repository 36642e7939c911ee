import type { FieldErrors } from '@animata/contracts';
import { DomainException } from '../../common/errors/domain.exception.js';

export enum AccountErrorCode {
  InvalidInput = 'INVALID_INPUT',
}

const STATUS: Record<AccountErrorCode, number> = {
  [AccountErrorCode.InvalidInput]: 422,
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
}
