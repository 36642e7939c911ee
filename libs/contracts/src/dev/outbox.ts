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
