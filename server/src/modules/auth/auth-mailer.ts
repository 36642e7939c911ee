import { Inject, Injectable } from '@nestjs/common';
import { TFA_CODE_TTL_MS } from '@animata/contracts';
import type { AppConfig } from '../../config/config.js';
import { CONFIG } from '../../common/tokens.js';
import { MailService } from '../mail/index.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The e-mails of sign-in: verification, password reset and two-factor codes. */
@Injectable()
export class AuthMailer {
  constructor(
    private readonly mail: MailService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  link(path: string, token: string): string {
    return `${this.config.publicUrl}${path}?token=${encodeURIComponent(token)}`;
  }

  async verification(to: string, name: string, token: string): Promise<void> {
    const url = this.link('/auth/verify-email', token);
    await this.mail.send({
      to,
      subject: 'Confirm your email for Animata',
      text: `Hi ${name},\n\nPlease confirm your email address by opening this link:\n${url}\n\nThe link is valid for 48 hours. If you did not create an Animata account, you can ignore this email.\n`,
      html: button(
        `Hi ${escapeHtml(name)},`,
        'Please confirm your email address.',
        'Verify email',
        url,
      ),
    });
  }

  async passwordReset(to: string, token: string): Promise<void> {
    const url = this.link('/auth/reset-password', token);
    await this.mail.send({
      to,
      subject: 'Reset your Animata password',
      text: `Someone asked to reset the password of your Animata account.\n\nSet a new password here:\n${url}\n\nThe link is valid for one hour and works once. If it was not you, ignore this email: your password stays as it is.\n`,
      html: button(
        'Reset your password',
        'The link is valid for one hour and works once.',
        'Set a new password',
        url,
      ),
    });
  }

  /** The link that changes the account's address; sent to the new address (account §4.1). */
  async emailChangeConfirmation(to: string, name: string, token: string): Promise<void> {
    const url = this.link('/auth/confirm-email-change', token);
    await this.mail.send({
      to,
      subject: 'Confirm your new email for Animata',
      text: `Hi ${name},\n\nYou asked to use this address for your Animata account. Confirm it here:\n${url}\n\nThe link is valid for 24 hours and works once. If it was not you, ignore this email: nothing changes.\n`,
      html: button(
        `Hi ${escapeHtml(name)},`,
        'You asked to use this address for your Animata account. The link is valid for 24 hours and works once.',
        'Confirm new email',
        url,
      ),
    });
  }

  /** The old address learns of a requested change, so a stolen session cannot take it quietly. */
  async emailChangeRequested(to: string, newEmail: string): Promise<void> {
    const url = `${this.config.publicUrl}/account`;
    await this.mail.send({
      to,
      subject: 'Your Animata email is about to change',
      text: `Someone signed in to your Animata account asked to change its email to ${newEmail}.\n\nThe change happens only when the link sent to that address is followed. If it was not you, cancel it in your account settings and change your password:\n${url}\n`,
      html: button(
        'Your email is about to change',
        `Someone signed in to your account asked to change its email to ${escapeHtml(newEmail)}. If it was not you, cancel it and change your password.`,
        'Open account settings',
        url,
      ),
    });
  }

  /** After any change or reset of the password: the owner learns of it even if it was not them. */
  async passwordChanged(to: string): Promise<void> {
    const url = `${this.config.publicUrl}/auth/recover-password`;
    await this.mail.send({
      to,
      subject: 'Your Animata password was changed',
      text: `The password of your Animata account was just changed.\n\nIf that was you, there is nothing to do. If it was not, reset your password now:\n${url}\n`,
      html: button(
        'Your password was changed',
        'If that was you, there is nothing to do. If it was not, reset your password now.',
        'Reset my password',
        url,
      ),
    });
  }

  async twoFactorCode(to: string, code: string): Promise<void> {
    const minutes = TFA_CODE_TTL_MS / 60_000;
    await this.mail.send({
      to,
      subject: `${code} is your Animata security code`,
      text: `Your Animata security code is ${code}\n\nIt is valid for ${minutes} minutes. If you did not try to sign in, change your password.\n`,
      html: `<p>Your Animata security code is</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p><p>It is valid for ${minutes} minutes. If you did not try to sign in, change your password.</p>`,
    });
  }
}

function button(title: string, text: string, label: string, url: string): string {
  const href = escapeHtml(url);
  return `<h1 style="font-size:20px">${title}</h1><p>${text}</p><p><a href="${href}" style="display:inline-block;background:#6d4aff;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${label}</a></p><p style="color:#5d6779">Or open ${href}</p>`;
}
