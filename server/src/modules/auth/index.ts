// The auth module's public surface.
export { AuthHousekeeping } from './auth-housekeeping.js';
export { AuthModule } from './auth.module.js';
export { PasswordChanges } from './password-changes.js';
export { PasswordCheck } from './password-check.js';
export { ARGON2_OPTIONS, PasswordHasher } from './password-hasher.js';
export { AuthLimits } from './auth-limits.js';
export { AuthMailer } from './auth-mailer.js';
export { AuthTokensRepository } from './auth-tokens.repository.js';
export { TwoFactorService } from './two-factor/two-factor.service.js';
export { clientContext, type ClientContext } from './client-context.js';
export { clearAttemptCookie, setAttemptCookie } from './auth-cookies.js';
export type { CaptchaVerifier } from './captcha.js';
export { RegistrationInvitesHook, type RegistrationInvites } from './registration-invites.js';
