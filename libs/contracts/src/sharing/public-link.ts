import type { SharingResponse } from './sharing.js';

/**
 * The public link of a project (issue 31; projects-dashboard §4 Link sharing, with our expiry
 * and password). What the BFF and the public page /p/{id} agree on besides sharing.ts.
 */

/**
 * PUT sharing/project/{id}/public-link: the share dialog's whole answer (GET sharing/project/{id},
 * its publicLink as just saved) with the note to show (sharingMessages.publicLinkSaved).
 */
export type PublicLinkResponse = SharingResponse & { success: true; message: string };

/** How long an unlock of a password-protected link lasts in one browser (its cookie), in s. */
export const PUBLIC_UNLOCK_TTL_S = 60 * 60;

/** The unlock cookie of one project (HttpOnly, SameSite=Lax): one per project, short-lived. */
export const publicUnlockCookieName = (projectId: string) => `animata_unlock_${projectId}`;

/** Texts of the public page (ours). */
export const publicProjectTexts = {
  passwordTitle: 'This animation is protected',
  passwordLabel: 'Password',
  unlock: 'Open',
  madeWith: 'Made with Animata',
} as const;
