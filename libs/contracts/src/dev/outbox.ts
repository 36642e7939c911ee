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
