import type { FieldErrors } from '../errors/error-body.js';
import { authMessages, fieldMessages } from './auth-messages.js';
import {
  failingPasswordRequirement,
  PASSWORD_ENFORCED_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
} from './password-rules.js';

/**
 * Live form feedback of the sign-in pages, the same rules and messages the BFF enforces
 * (its DTOs decide; this only spares a round trip).
 */

/** A practical e-mail check for live feedback; the BFF's class-validator rule decides. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function emailError(email: string): string | undefined {
  if (email.trim() === '') return authMessages.emailRequired;
  if (!EMAIL.test(email.trim())) return authMessages.invalidEmail;
  return undefined;
}

/** Login (§5): e-mail required and valid; password required, at least 6 (the text says 8). */
export function validateLogin(values: { email: string; password: string }): FieldErrors {
  const errors: FieldErrors = {};
  const email = emailError(values.email);
  if (email) errors.email = email;
  if (values.password === '') errors.password = authMessages.passwordRequired;
  else if (Array.from(values.password).length < PASSWORD_ENFORCED_MIN_LENGTH) {
    errors.password = authMessages.passwordMinDisplayed;
  }
  return errors;
}

/** Registration (§5): name once touched, e-mail, password with the five requirements. */
export function validateRegister(values: {
  name: string;
  email: string;
  password: string;
}): FieldErrors {
  const errors: FieldErrors = {};
  if (values.name.trim() === '') errors.name = authMessages.nameRequired;
  const email = emailError(values.email);
  if (email) errors.email = email;
  const password = newPasswordError(values.password);
  if (password) errors.password = password;
  return errors;
}

/** New passwords (register, reset, strong password): required, requirements, at most 64. */
export function newPasswordError(password: string): string | undefined {
  if (password === '') return authMessages.passwordRequired;
  const failing = failingPasswordRequirement(password);
  if (failing) return failing;
  if (Array.from(password).length > PASSWORD_MAX_LENGTH) return fieldMessages.atMost('Password');
  return undefined;
}

/** Old password (§5): required, at least 6, label 'Old password'. */
export function oldPasswordError(password: string): string | undefined {
  if (password === '') return fieldMessages.required('Old password');
  if (Array.from(password).length < PASSWORD_ENFORCED_MIN_LENGTH) {
    return fieldMessages.atLeast('Old password', PASSWORD_ENFORCED_MIN_LENGTH);
  }
  return undefined;
}

export function validateEmailOnly(email: string): FieldErrors {
  const error = emailError(email);
  return error ? { email: error } : {};
}
