import { Inject, Injectable } from '@nestjs/common';
import { fillPath, pagePaths, type ShareAccess, type ShareEntity } from '@animata/contracts';
import { CONFIG } from '../../common/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { MailService } from '../mail/index.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The share invite e-mail (issue 31; ours, in the team invite mail's form). */
@Injectable()
export class ShareInviteMailer {
  constructor(
    private readonly mail: MailService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  link(token: string): string {
    return `${this.config.publicUrl}${fillPath(pagePaths.shareInvite, { params: { token } })}`;
  }

  async invite(
    to: string,
    inviter: string,
    item: { entity: ShareEntity; title: string },
    access: ShareAccess,
    token: string,
  ): Promise<void> {
    const url = this.link(token);
    const what = item.entity === 'label' ? 'folder' : 'project';
    const who = inviter.trim() || 'Someone';
    const text = `${who} shared the ${what} ${item.title} with you on Animata (${access} access).`;
    const href = escapeHtml(url);
    await this.mail.send({
      to,
      subject: `${who} shared ${item.title} with you on Animata`,
      text: `Hi,\n\n${text}\nOpen this link to accept or decline the invitation:\n${url}\n\nIf you have no Animata account yet, you can create one from the link.\n`,
      html: `<h1 style="font-size:20px">${escapeHtml(`${who} shared a ${what} with you`)}</h1><p>${escapeHtml(text)}</p><p><a href="${href}" style="display:inline-block;background:#6d4aff;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">Open the invitation</a></p><p style="color:#5d6779">Or open ${href}</p>`,
    });
  }
}
