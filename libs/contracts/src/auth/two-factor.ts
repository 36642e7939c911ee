/** E-mail two-factor (billing-teams-apps §2, §4, §5, §8, §9). */
export const TFA_CODE_LENGTH = 6;
export const TFA_MAX_SENDS = 3;
export const TFA_RESEND_SECONDS = 60;
export const TFA_CODE_TTL_MS = 10 * 60 * 1000;
export const TFA_MAX_WRONG_CODES = 5;

/** What a two-factor challenge protects; the code is bound to it. */
export type TwoFactorAction = 'login' | 'register' | 'payment';

export const twoFactorMessages = {
  codeFormat: 'Code must be a 6 digits long number.',
  tokenInvalid: 'Token is not valid.',
  noEmail: 'No email provided',
  unexpected: 'Unexpected error',
  unknownServer: 'Unknown server error',
  sendEmail: 'Send email',
  resendIn: (seconds: number) => `Resend email (${seconds}s)`,
  resendLimit: 'Resend limit reached',
  resendEmail: 'Resend email',
  /** Our own texts where the spec shows none. */
  title: 'Two-Factor Authentication',
  codeSent: 'We sent a 6-digit code to {email}. It is valid for 10 minutes.',
  wrongCode: 'The code is not correct.',
  codeExpired: 'The code has expired. Send a new one.',
  challengeEnded: 'Too many wrong codes. Please start again.',
  accepted: 'Code accepted',
  codeLabel: 'Code',
  verifyCode: 'Verify code',
  /** The accepted step's button without JavaScript (with it the flow continues by itself). */
  continue: 'Continue',
  cancel: 'Cancel',
  /** A resend refused as too early or over the limit, said as a sentence, not as a button text. */
  resendWait: (seconds: number) =>
    `You can ask for a new email in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  resendLimitNotice: 'No more emails can be sent for this code. Enter the last code we sent.',
  settingTitle: 'Two-factor authentication',
  settingOn: 'Two-factor authentication is on. We will email you a code when you log in.',
  settingOff: 'Two-factor authentication is off.',
} as const;

/** Strips white space; returns the 6 digits or null. */
export function normaliseTwoFactorCode(input: unknown): string | null {
  if (typeof input !== 'string' && typeof input !== 'number') return null;
  const code = String(input).replace(/\s+/g, '');
  return /^\d{6}$/.test(code) ? code : null;
}
