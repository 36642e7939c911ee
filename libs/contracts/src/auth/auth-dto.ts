import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Length,
  MaxLength,
  MinLength,
} from 'class-validator';
import { authMessages, fieldMessages } from './auth-messages.js';
import {
  LOGIN_PASSWORD_MAX_LENGTH,
  PASSWORD_ENFORCED_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './password-rules.js';
import { twoFactorMessages, type TwoFactorAction } from './two-factor.js';

const EMAIL_MAX_LENGTH = 254;
const NAME_MAX_LENGTH = 100;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * An e-mail field: trimmed; `missing` when absent or empty, then 'Invalid email address'. The
 * checks run in this order (class-validator runs a property's decorators bottom-up).
 */
/** An optional string of at most `max` characters (redirects, captcha and two-factor tokens). */
function OptionalText(max: number): PropertyDecorator {
  const decorators: PropertyDecorator[] = [MaxLength(max), IsString(), IsOptional()];
  return (target, key) => {
    for (const decorate of decorators) decorate(target, key);
  };
}

function EmailField(missing: string): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    IsString({ message: missing }),
    IsNotEmpty({ message: missing }),
    MaxLength(EMAIL_MAX_LENGTH, { message: authMessages.invalidEmail }),
    IsEmail({}, { message: authMessages.invalidEmail }),
    Transform(trim),
  ];
  return (target, key) => {
    for (const decorate of decorators) decorate(target, key);
  };
}

/** POST {api}/auth/login (account-and-auth §3). */
export class LoginRequest {
  @EmailField(authMessages.emailRequired)
  email!: string;

  /** Optional only when tfa_token completes a login whose password was already checked. */
  @IsOptional()
  @MaxLength(LOGIN_PASSWORD_MAX_LENGTH, { message: authMessages.wrongCredentials })
  @MinLength(PASSWORD_ENFORCED_MIN_LENGTH, { message: authMessages.passwordMinDisplayed })
  @IsString({ message: authMessages.passwordRequired })
  password?: string;

  @OptionalText(4096)
  recaptcha?: string;

  @OptionalText(200)
  tfa_token?: string;
}

export interface LoginResponse {
  customer_id: string | null;
  secured: boolean;
  tfa_required: boolean;
  verified?: boolean;
}

/** POST {api}/auth/register. */
export class RegisterRequest {
  @Transform(trim)
  @MaxLength(NAME_MAX_LENGTH, { message: fieldMessages.atMost('Name', NAME_MAX_LENGTH) })
  @IsNotEmpty({ message: authMessages.nameRequired })
  @IsString({ message: authMessages.nameRequired })
  name!: string;

  @EmailField(authMessages.emailRequired)
  email!: string;

  /** Checked against the five requirements by the service (their own messages). */
  @IsOptional()
  @MaxLength(PASSWORD_MAX_LENGTH, { message: fieldMessages.atMost('Password') })
  @MinLength(PASSWORD_MIN_LENGTH, { message: authMessages.passwordMinDisplayed })
  @IsString({ message: authMessages.passwordRequired })
  password?: string;

  @OptionalText(2048)
  redirect?: string;

  @OptionalText(4096)
  recaptcha?: string;

  @OptionalText(200)
  tfa_token?: string;

  /**
   * Signing up through a team invite link (issue 30): the link's token. The new customer joins
   * the team; with the invited address the e-mail counts as verified (decisions-teams).
   */
  @OptionalText(128)
  inviteToken?: string;
}

export interface RegisterResponse {
  customer_id: string | null;
  tfa_required: boolean;
}

/** POST {api}/auth/send-password-reset-email and the confirmation request. */
export class EmailOnlyRequest {
  @EmailField(authMessages.emailRequired)
  email!: string;

  @OptionalText(4096)
  recaptcha?: string;
}

export interface MessageResponse {
  message: string;
}

/** Reset password and e-mail verification: the message and whose account it was. */
export interface CustomerMessageResponse extends MessageResponse {
  customer_id: string;
}

/** POST {api}/auth/reset-password. */
export class ResetPasswordRequest {
  @IsNotEmpty({ message: authMessages.resetLinkInvalid })
  @IsString({ message: authMessages.resetLinkInvalid })
  @MaxLength(200, { message: authMessages.resetLinkInvalid })
  token!: string;

  @MaxLength(PASSWORD_MAX_LENGTH, { message: fieldMessages.atMost('Password') })
  @MinLength(PASSWORD_ENFORCED_MIN_LENGTH, { message: authMessages.passwordMinDisplayed })
  @IsNotEmpty({ message: authMessages.passwordRequired })
  @IsString({ message: authMessages.passwordRequired })
  password!: string;
}

/**
 * POST {api}/auth/reset-password/check: whether a reset link still works, asked when the reset
 * page opens. The link is not used up; the answer is `{}`, or 422 with the reset's own text.
 */
export class ResetLinkCheckRequest {
  @IsNotEmpty({ message: authMessages.resetLinkInvalid })
  @IsString({ message: authMessages.resetLinkInvalid })
  @MaxLength(200, { message: authMessages.resetLinkInvalid })
  token!: string;
}

/** An answer with nothing to say beyond its 2xx status. */
export type EmptyResponse = Record<string, never>;

/** POST {api}/auth/verify-email: the link from the verification e-mail. */
export class VerifyEmailRequest {
  @IsNotEmpty({ message: authMessages.verificationLinkInvalid })
  @IsString({ message: authMessages.verificationLinkInvalid })
  @MaxLength(200, { message: authMessages.verificationLinkInvalid })
  token!: string;
}

/** POST {api}/account/change-password: strong-password update (only password) or account change. */
export class ChangePasswordRequest {
  @MaxLength(PASSWORD_MAX_LENGTH, { message: fieldMessages.atMost('Password') })
  @MinLength(PASSWORD_MIN_LENGTH, {
    message: fieldMessages.atLeast('Password', PASSWORD_MIN_LENGTH),
  })
  @IsNotEmpty({ message: fieldMessages.required('Password') })
  @IsString({ message: fieldMessages.required('Password') })
  password!: string;

  @IsOptional()
  @MaxLength(LOGIN_PASSWORD_MAX_LENGTH)
  @MinLength(PASSWORD_ENFORCED_MIN_LENGTH, {
    message: fieldMessages.atLeast('Old password', PASSWORD_ENFORCED_MIN_LENGTH),
  })
  @IsString({ message: fieldMessages.required('Old password') })
  old_password?: string;
}

const TFA_ACTIONS: TwoFactorAction[] = ['login', 'register', 'payment'];

/** POST {api}/two-factor-auth/email. */
export class TwoFactorEmailRequest {
  @IsIn(TFA_ACTIONS)
  action!: TwoFactorAction;

  @EmailField(twoFactorMessages.noEmail)
  contact!: string;
}

/** POST {api}/two-factor-auth/code. */
export class TwoFactorCodeRequest {
  @IsNotEmpty({ message: twoFactorMessages.tokenInvalid })
  @IsString({ message: twoFactorMessages.tokenInvalid })
  @MaxLength(200, { message: twoFactorMessages.tokenInvalid })
  token!: string;

  @IsIn(TFA_ACTIONS)
  action!: TwoFactorAction;

  /** Validated by the service: 6 digits after stripping white space. */
  @IsString({ message: twoFactorMessages.codeFormat })
  @Length(1, 40, { message: twoFactorMessages.codeFormat })
  code!: string;

  @EmailField(twoFactorMessages.noEmail)
  contact!: string;
}

export interface TwoFactorTokenResponse {
  token: string;
  /** Sends used for this challenge and seconds until the next send is allowed. */
  sends?: number;
  resendInSeconds?: number;
}

export class TwoFactorSettingRequest {
  @IsBoolean()
  enabled!: boolean;
}

/** PUT {api}/account/two-factor answers with the setting now in force. */
export interface TwoFactorSettingResponse {
  enabled: boolean;
}

/** GET {api}/auth/options: what the sign-in pages may offer. */
export interface AuthOptionsResponse {
  /** Social sign-in buttons show only for configured providers. */
  socialProviders: Array<'google' | 'facebook'>;
  /** reCAPTCHA v3 site key; null means no captcha, silently. */
  recaptchaSiteKey: string | null;
}
