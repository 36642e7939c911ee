import type { DataSource } from 'typeorm';

export interface OutboxMessage {
  recipient: string;
  subject: string;
  text: string;
}

/** Waits for mail in the database outbox (the embedded mail default) matching the filter. */
export async function waitForMail(
  dataSource: DataSource,
  to: string,
  subject: RegExp,
  options: { after?: Date; timeoutMs?: number } = {},
): Promise<OutboxMessage> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const rows: Array<{ recipient: string; subject: string; text_body: string }> =
      await dataSource.query(
        `SELECT recipient, subject, text_body FROM mail_outbox
       WHERE recipient = $1 AND created_at >= $2 ORDER BY created_at DESC`,
        [to.toLowerCase(), options.after ?? new Date(0)],
      );
    const found = rows.find((row) => subject.test(row.subject));
    if (found) return { recipient: found.recipient, subject: found.subject, text: found.text_body };
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function countMail(dataSource: DataSource, to: string): Promise<number> {
  const rows: Array<{ count: string }> = await dataSource.query(
    `SELECT count(*) FROM mail_outbox WHERE recipient = $1`,
    [to.toLowerCase()],
  );
  return Number(rows[0]?.count ?? 0);
}

/** The first link of a mail's text that points at `path`. */
export function linkIn(mail: OutboxMessage, path: string): URL {
  const match = new RegExp(`https?://\\S*${path.replace(/[/.]/g, '\\$&')}\\S*`).exec(mail.text);
  if (!match) throw new Error(`No ${path} link in: ${mail.text}`);
  return new URL(match[0]);
}

export function codeIn(mail: OutboxMessage): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`No code in: ${mail.text}`);
  return match[1]!;
}
