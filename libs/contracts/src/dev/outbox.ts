/** The dev-only outbox of mail kept in the database when no SMTP_URL is set. */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

export interface OutboxListResponse {
  items: OutboxMail[];
}

/**
 * The outbox holds sign-in and reset links, so it answers only a request that carries the key
 * printed on the console at start (`/dev/outbox?key=…`, the API's `?key=…` too), comes straight
 * from this machine (a loopback peer) and names no forwarded address (decision in
 * docs/decisions.md, "The dev outbox needs its key"). Anything else gets the catalogue's 404.
 */
export const OUTBOX_KEY_PARAM = 'key';

/** Headers a proxy adds: a request that has one came through a proxy, whatever its peer. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/** Whether a request names a forwarded address (see FORWARDING_HEADERS). */
export function isForwarded(has: (header: string) => boolean): boolean {
  return FORWARDING_HEADERS.some((header) => has(header));
}

/** The outbox page's address with its key, for the console and for the page's own redirects. */
export function outboxPageAddress(key: string): string {
  return `/dev/outbox?${OUTBOX_KEY_PARAM}=${encodeURIComponent(key)}`;
}

/** GET /api/dev/outbox lists this many mails at most, newest first. */
export const OUTBOX_LIST_LIMIT = 50;

/** Texts of the /dev/outbox page (our own page; the spec has none). */
export const outboxTexts = {
  title: 'Outbox',
  intro: `Mail the app keeps instead of sending when SMTP_URL is not set, newest first (at most ${OUTBOX_LIST_LIMIT}).`,
  empty: 'No mail yet',
  emptyHint: 'Mail the app sends (verification, password reset, invites) shows up here.',
  to: 'To',
  subject: 'Subject',
  sentAt: 'Sent',
  htmlVersion: 'HTML version',
  clear: 'Clear outbox',
  clearing: 'Clearing…',
  cleared: 'Outbox cleared',
  unknownAction: 'The outbox does not know that action.',
} as const;
