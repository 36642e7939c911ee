/**
 * Password rules (account-and-auth §5, §9). New passwords: 8 to 64 characters and five
 * composition requirements, each with its own message. Login and reset enforce a minimum of 6
 * while the text shown says 8 ("both readings apply"). Passwords are checked as typed: never
 * trimmed or truncated.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
/** What login, reset, old-password and e-mail-change password fields enforce. */
export const PASSWORD_ENFORCED_MIN_LENGTH = 6;
/** Login accepts anything up to this (hashing cost stays bounded); longer is simply wrong. */
export const LOGIN_PASSWORD_MAX_LENGTH = 1024;

export type PasswordRequirementId = 'length' | 'lowercase' | 'uppercase' | 'digit' | 'special';

export interface PasswordRequirement {
  id: PasswordRequirementId;
  /** The line of the live requirements list. */
  label: string;
  /** The field error when this requirement fails. */
  message: string;
  test(password: string): boolean;
}

const length = (password: string) => Array.from(password).length;

export const PASSWORD_REQUIREMENTS: readonly PasswordRequirement[] = [
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
    test: (password) => length(password) >= PASSWORD_MIN_LENGTH,
  },
  {
    id: 'lowercase',
    label: 'One lowercase letter',
    message: 'Password must contain a lowercase letter',
    test: (password) => /\p{Ll}/u.test(password),
  },
  {
    id: 'uppercase',
    label: 'One uppercase letter',
    message: 'Password must contain an uppercase letter',
    test: (password) => /\p{Lu}/u.test(password),
  },
  {
    id: 'digit',
    label: 'One number',
    message: 'Password must contain a number',
    test: (password) => /\p{Nd}/u.test(password),
  },
  {
    id: 'special',
    label: 'One special character',
    message: 'Password must contain a special character',
    // Anything that is not a letter, a digit or white space: !, €, _, emoji …
    test: (password) => /[^\p{L}\p{N}\s]/u.test(password),
  },
];

export interface RequirementState {
  id: PasswordRequirementId;
  label: string;
  met: boolean;
}

export function passwordRequirementStates(password: string): RequirementState[] {
  return PASSWORD_REQUIREMENTS.map(({ id, label, test }) => ({ id, label, met: test(password) }));
}

/** The message of the first failing requirement, or null when all are met. */
export function failingPasswordRequirement(password: string): string | null {
  return PASSWORD_REQUIREMENTS.find((requirement) => !requirement.test(password))?.message ?? null;
}

/** Today's rules: the five requirements and the maximum. `secured` at login is this. */
export function isStrongPassword(password: string): boolean {
  return failingPasswordRequirement(password) === null && length(password) <= PASSWORD_MAX_LENGTH;
}

export function passwordLength(password: string): number {
  return length(password);
}
