import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { fieldMessages } from '../auth/auth-messages.js';
import { LOGIN_PASSWORD_MAX_LENGTH, PASSWORD_ENFORCED_MIN_LENGTH } from '../auth/password-rules.js';
import { accountLabels } from './account-messages.js';

const EMAIL_MAX_LENGTH = 254;
/** §5: the e-mail change's password is labelled 'Password' and needs at least 6 characters. */
const PASSWORD_LABEL = 'Password';
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Our texts of the e-mail change (the spec names the calls and states, not their words). */
export const emailChangeMessages = {
  sent: (email: string) =>
    `We sent a confirmation link to ${email}. Click it to change your email.`,
  pending: (email: string) =>
    `Your new email ${email} is waiting for confirmation. Click the link we sent to it.`,
  cancelled: 'Email change cancelled',
  changed: 'Your email was changed',
  linkInvalid: 'This email change link is invalid or has expired.',
  passwordWrong: 'Password is not correct',
  inUse: 'This email is already in use',
  sameAddress: 'This is already your email',
  noPassword: 'Set a password before you change your email',
  nothingToResend: 'There is no email change to resend',
  confirmTitle: 'Confirm your new email',
  /** The address when the link's check named it; 'this address' when the check could not run. */
  confirmText: (email: string | null) =>
    `Confirm and ${email ?? 'this address'} becomes the address you log in with and receive our mail at.`,
  confirmButton: 'Confirm new email',
  backToAccount: 'Back to account settings',
  pendingLabel: 'New email',
  resend: 'Resend',
} as const;

/** The e-mail change's own field rules, live on the page and in the action. */
export function newEmailError(email: string): string | undefined {
  const trimmed = email.trim();
  if (trimmed === '') return fieldMessages.required(accountLabels.email);
  if (trimmed.length > EMAIL_MAX_LENGTH || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/u.test(trimmed)) {
    return fieldMessages.notValidEmail(accountLabels.email);
  }
  return undefined;
}

export function emailChangePasswordError(password: string): string | undefined {
  if (password === '') return fieldMessages.required(PASSWORD_LABEL);
  if (Array.from(password).length < PASSWORD_ENFORCED_MIN_LENGTH) {
    return fieldMessages.atLeast(PASSWORD_LABEL, PASSWORD_ENFORCED_MIN_LENGTH);
  }
  return undefined;
}

/**
 * POST {api}/account/change-email (§7): `password` only when not resending. A resend mails the
 * pending change again, so its `newEmail` (the page sends it, §7) is not read and not checked.
 */
export class ChangeEmailRequest {
  @ValidateIf((request: ChangeEmailRequest) => request.resend !== true)
  @IsEmail({}, { message: fieldMessages.notValidEmail(accountLabels.email) })
  @MaxLength(EMAIL_MAX_LENGTH, { message: fieldMessages.notValidEmail(accountLabels.email) })
  @IsNotEmpty({ message: fieldMessages.required(accountLabels.email) })
  @IsString({ message: fieldMessages.required(accountLabels.email) })
  @Transform(trim)
  newEmail?: string;

  @IsOptional()
  @IsBoolean()
  resend?: boolean;

  @IsOptional()
  @MaxLength(LOGIN_PASSWORD_MAX_LENGTH)
  @MinLength(PASSWORD_ENFORCED_MIN_LENGTH, {
    message: fieldMessages.atLeast(PASSWORD_LABEL, PASSWORD_ENFORCED_MIN_LENGTH),
  })
  @IsString({ message: fieldMessages.required(PASSWORD_LABEL) })
  password?: string;
}

/** GET {api}/account/change-email: message and newEmail when a change is pending, else `{}`. */
export interface EmailChangeStatus {
  message?: string;
  newEmail?: string;
}

/** POST {api}/account/confirm-email-change: the link's token (public: the link is the proof). */
export class ConfirmEmailChangeRequest {
  @MaxLength(200, { message: emailChangeMessages.linkInvalid })
  @IsNotEmpty({ message: emailChangeMessages.linkInvalid })
  @IsString({ message: emailChangeMessages.linkInvalid })
  token!: string;
}

/**
 * POST {api}/account/confirm-email-change/check: the address a link would confirm, asked when
 * its page opens; the link is not used up. 422 with `linkInvalid` for a used, expired or unknown one.
 */
export interface EmailChangeLinkResponse {
  newEmail: string;
}
