import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { fieldMessages } from '../auth/auth-messages.js';
import { ACCOUNT_NAME_MAX_LENGTH, accountLabels, accountMessages } from './account-messages.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** C0 and C1 control characters, which a name has no use for (NUL breaks PostgreSQL text). */
// eslint-disable-next-line no-control-regex -- the point of the pattern
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f]*$/u;

/**
 * POST {api}/account/change-account-info (account-and-auth §7): `name`, or `unsubscribed`.
 * One of the two per call; the service refuses an empty body.
 */
export class ChangeAccountInfoRequest {
  @IsOptional()
  @Matches(NO_CONTROL_CHARACTERS, { message: accountMessages.nameNotValid })
  @MaxLength(ACCOUNT_NAME_MAX_LENGTH, {
    message: fieldMessages.atMost(accountLabels.name, ACCOUNT_NAME_MAX_LENGTH),
  })
  @IsNotEmpty({ message: fieldMessages.required(accountLabels.name) })
  @IsString({ message: fieldMessages.required(accountLabels.name) })
  @Transform(trim)
  name?: string;

  @IsOptional()
  @IsBoolean()
  unsubscribed?: boolean;
}

/** The answer: the name (§7) and the newsletter choice, which the page reads back. */
export interface ChangeAccountInfoResponse {
  name: string;
  unsubscribed: boolean;
}
