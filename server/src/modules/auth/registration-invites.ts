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

/** Where the teams module registers (auth cannot import teams: teams needs billing, billing auth). */
@Injectable()
export class RegistrationInvitesHook {
  private invites: RegistrationInvites | null = null;

  use(invites: RegistrationInvites): void {
    this.invites = invites;
  }

  async provesEmail(token: string | undefined, email: string): Promise<boolean> {
    if (!token || !this.invites) return false;
    return this.invites.provesEmail(token, email);
  }

  async accept(customerId: string, token: string | undefined): Promise<void> {
    if (!token || !this.invites) return;
    await this.invites.acceptForNewCustomer(customerId, token);
  }
}
