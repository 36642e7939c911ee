import { Inject, Injectable } from '@nestjs/common';
import { fillPath, pagePaths } from '@animata/contracts';
import { CONFIG } from '../../common/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { MailService } from '../mail/index.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function button(title: string, text: string, label: string, url: string): string {
  const href = escapeHtml(url);
  return `<h1 style="font-size:20px">${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${href}" style="display:inline-block;background:#6d4aff;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(label)}</a></p><p style="color:#5d6779">Or open ${href}</p>`;
}

/** The team e-mails (billing-teams-apps §5 team invite e-mail; ours for the ownership transfer). */
@Injectable()
export class TeamMailer {
  constructor(
    private readonly mail: MailService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  inviteLink(token: string): string {
    return `${this.config.publicUrl}${fillPath(pagePaths.teamInvite, { params: { token } })}`;
  }

  transferLink(token: string): string {
    return `${this.config.publicUrl}${fillPath(pagePaths.teamTransfer, { params: { token } })}`;
  }

  async invite(to: string, inviter: string, team: string, token: string): Promise<void> {
    const url = this.inviteLink(token);
    const text = `${inviter} invited you to join the team ${team} on Animata.`;
    await this.mail.send({
      to,
      subject: `${inviter} invited you to ${team} on Animata`,
      text: `Hi,\n\n${text}\nOpen this link to accept or decline the invitation:\n${url}\n\nIf you have no Animata account yet, you can create one from the link.\n`,
      html: button('You are invited to a team', text, 'Open the invitation', url),
    });
  }

  async transfer(to: string, team: string, newOwner: string, token: string): Promise<void> {
    const url = this.transferLink(token);
    const text = `Ownership of the team ${team} is to move to ${newOwner}. It moves once the current owner and ${newOwner} have both confirmed.`;
    await this.mail.send({
      to,
      subject: `Confirm the new owner of ${team}`,
      text: `Hi,\n\n${text}\nConfirm by opening this link (valid for 7 days):\n${url}\n\nIf you did not expect this, ignore this email and nothing changes.\n`,
      html: button('Confirm the new team owner', text, 'Confirm', url),
    });
  }
}
