import type { ShareTarget, SharingResponse } from '@animata/contracts';

/**
 * The share dialog's data and answers (issue 31), shared by the route's server code
 * (sharing.server.ts) and the dialog (components/sharing).
 */

/** What a page's loader gives the dialog when the address opens it (`?share=`). */
export interface ShareDialogData {
  target: ShareTarget;
  /** The `share` parameter as the address holds it ('1' on a project page). */
  param: string;
  sharing: SharingResponse;
  /** The site's public address (a public link the BFF gives as a path is shown whole). */
  origin: string;
}

/** The intents the dialog posts to its page's action (the dashboard's are told apart by them). */
export const SHARE_INTENTS = [
  'share-invite',
  'share-access',
  'share-remove',
  'share-revoke',
  'share-team',
  'share-public',
  'share-link-settings',
] as const;
export type ShareIntent = (typeof SHARE_INTENTS)[number];

export function isShareIntent(intent: unknown): intent is ShareIntent {
  return typeof intent === 'string' && (SHARE_INTENTS as readonly string[]).includes(intent);
}

/**
 * The hidden field a form posted with JavaScript carries: the action then answers with this data
 * (the dialog stays open, its note shows in the dialog) instead of redirecting with a cookie.
 */
export const SHARE_SCRIPTED_FIELD = 'scripted';

/** The action's answer to a scripted post, or to any refused post (the dialog shows it again). */
export interface ShareActionData {
  share: true;
  intent: ShareIntent | '';
  ok: boolean;
  /** The success note (§8) or the refusal. */
  notice: string;
  fieldErrors?: Record<string, string>;
  /** What was typed, to show again after a refusal. */
  values?: Record<string, string>;
}

export function isShareActionData(value: unknown): value is ShareActionData {
  return (
    typeof value === 'object' && value !== null && (value as { share?: unknown }).share === true
  );
}
