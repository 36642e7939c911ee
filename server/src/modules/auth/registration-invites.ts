import { Injectable } from '@nestjs/common';

/**
 * What registration asks of an invite link's token (issue 30: an invitee without an account
 * signs up through the team invite link). The teams module plugs itself in at start; without it
 * a token is ignored.
 */
export interface RegistrationInvites {
  /** Whether the token is a live invite sent to this address (the link proves the e-mail). */
  provesEmail(token: string, email: string): Promise<boolean>;
  /** The new customer accepts the invite behind the token; nothing when it is not live. */
  acceptForNewCustomer(customerId: string, token: string): Promise<void>;
}

/**
 * Where the teams module (team invites) and the sharing module (share invites, issue 31)
 * register (auth cannot import them: they need billing, billing auth). A token is one kind's or
 * the other's; each kind ignores tokens that are not its own.
 */
@Injectable()
export class RegistrationInvitesHook {
  private readonly kinds: RegistrationInvites[] = [];

  use(invites: RegistrationInvites): void {
    this.kinds.push(invites);
  }

  async provesEmail(token: string | undefined, email: string): Promise<boolean> {
    if (!token) return false;
    for (const kind of this.kinds) if (await kind.provesEmail(token, email)) return true;
    return false;
  }

  async accept(customerId: string, token: string | undefined): Promise<void> {
    if (!token) return;
    for (const kind of this.kinds) await kind.acceptForNewCustomer(customerId, token);
  }
}
