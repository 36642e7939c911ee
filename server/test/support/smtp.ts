import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  /** The message as it came over the wire. */
  raw: string;
}

export interface SmtpReceiver {
  url: string;
  received: ReceivedMail[];
  /** Resolves with the n-th mail (1-based) once it has arrived. */
  nth(n: number, timeoutMs?: number): Promise<ReceivedMail>;
  /**
   * The text part of the first mail to `to` whose subject matches, among those received after
   * the first `after` mails; waits up to 15 s for it.
   */
  textOfMailTo(to: string, subject: RegExp, after?: number): Promise<string>;
  close(): Promise<void>;
}

/** A real SMTP server (the `smtp-server` package) on a free port that keeps what it receives. */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = session.envelope;
        received.push({
          envelope: {
            from: envelope.mailFrom ? envelope.mailFrom.address : '',
            to: envelope.rcptTo.map((r) => r.address),
          },
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    nth: (n, timeoutMs = 8000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Mail ${n} did not arrive; ${received.length} arrived.`));
        }, timeoutMs);
        const check = () => {
          const mail = received[n - 1];
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        };
        waiters.add(check);
        check();
      }),
    textOfMailTo: async (to, subject, after = 0) => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const mail = received
          .slice(after)
          .find(
            (m) =>
              m.envelope.to.includes(to) &&
              subject.test(decodeHeader(headersOf(m.raw).subject ?? '')),
          );
        if (mail) return partsOf(mail.raw)['text/plain'] ?? '';
        if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The top-level headers of a raw message, unfolded and keyed in lower case. */
export function headersOf(raw: string): Record<string, string> {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) in a header value. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_all, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** The decoded bodies of the message's parts by content type (text/plain, text/html). */
export function partsOf(raw: string): Record<string, string> {
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headersOf(raw)['content-type'] ?? '')?.[1];
  const chunks = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const chunk of chunks) {
    const part = chunk.replace(/^\r\n/, '');
    const headers = headersOf(part);
    const body = part.slice(part.indexOf('\r\n\r\n') + 4).replace(/\r\n$/, '');
    const type = (headers['content-type'] ?? 'text/plain').split(';')[0]!.trim();
    const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
    parts[type] =
      encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : encoding === 'base64'
          ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
          : body;
  }
  return parts;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const clean = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < clean.length; i += 1) {
    const hex = clean[i] === '=' ? clean.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(clean[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
