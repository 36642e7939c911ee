// The auth module's public surface.
export { AuthHousekeeping } from './auth-housekeeping.js';
export { AuthModule } from './auth.module.js';
export { ARGON2_OPTIONS, PasswordHasher } from './password-hasher.js';
