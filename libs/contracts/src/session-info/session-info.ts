import type { Avatar } from '../account/customer.js';

/**
 * GET apiPaths.session: who is signed in. 401 (the catalogue's logged-out notice) when the
 * cookie is missing, unknown, expired or revoked.
 */
export interface SessionInfoResponse {
  customerId: string;
  email: string;
  name: string;
  verified: boolean;
  hasPassword: boolean;
  /** The login used a password that fails today's rules: the strong-password screen applies. */
  passwordUpdateRequired: boolean;
  twoFactorEnabled: boolean;
  /** For the user menu of every page (32 px); the customer object has it too. */
  avatar: Avatar | null;
}
