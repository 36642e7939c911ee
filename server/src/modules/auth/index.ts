// The auth module's public surface.
export { AuthHousekeeping } from './auth-housekeeping.js';
export { AuthModule } from './auth.module.js';
export { PasswordHasher } from './password-hasher.js';
