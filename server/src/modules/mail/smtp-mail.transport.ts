import { createTransport, type Transporter } from 'nodemailer';
import type { MailMessage, MailTransport } from './mail-transport.js';

/** Mail over SMTP with nodemailer. The URL carries host, port, TLS and credentials. */
export class SmtpMailTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  private readonly transporter: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    // Fail a try within seconds (the job retries) rather than hang on nodemailer's minutes.
    this.transporter = createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transporter.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
    });
  }
}
