import { Injectable } from '@nestjs/common';
import type {
  EndedSessionsResponse,
  SessionInfoResponse,
  SessionsResponse,
} from '@animata/contracts';
import { AccessService, Permission } from '../../common/access/index.js';
import { CommonException } from '../../common/errors/common.exception.js';
import { CustomersRepository } from '../customers/index.js';
import { type AuthenticatedCustomer, SessionsService } from '../sessions/index.js';
import { deviceName } from './device-name.js';
import { AvatarService } from './avatar/avatar.service.js';

/** The signed-in customer's own account: who they are, their settings and their sessions. */
@Injectable()
export class AccountService {
  constructor(
    private readonly customers: CustomersRepository,
    private readonly sessions: SessionsService,
    private readonly access: AccessService,
    private readonly avatars: AvatarService,
  ) {}

  async sessionInfo(auth: AuthenticatedCustomer): Promise<SessionInfoResponse> {
    const [customer, avatar] = await Promise.all([
      this.customers.findById(auth.customerId),
      this.avatars.currentOf(auth.customerId),
    ]);
    if (!customer) throw CommonException.unauthenticated();
    return {
      customerId: customer.id,
      email: customer.email,
      name: customer.name,
      verified: customer.verifiedAt !== null,
      hasPassword: customer.passwordHash !== null,
      passwordUpdateRequired: auth.passwordUpdateRequired,
      twoFactorEnabled: customer.twoFactorEnabled,
      avatar,
    };
  }

  /** Two-factor by e-mail on or off (account settings). */
  async setTwoFactor(auth: AuthenticatedCustomer, enabled: boolean): Promise<{ enabled: boolean }> {
    await this.access.require(auth, Permission.AccountUpdate, [auth.customerId]);
    await this.customers.setTwoFactor(auth.customerId, enabled);
    return { enabled };
  }

  /** Signs one of the customer's sessions out (another device, or this one). */
  async endSession(auth: AuthenticatedCustomer, sessionId: string): Promise<void> {
    await this.access.require(auth, Permission.SessionDelete, [sessionId]);
    await this.sessions.revoke(sessionId);
  }

  /**
   * 'Where you're signed in': the customer's live sessions, this one marked and first (it is
   * the one in use; its stored activity may be up to five minutes old), then the most recent.
   */
  async sessionsOf(auth: AuthenticatedCustomer): Promise<SessionsResponse> {
    const sessions = await this.sessions.listOf(auth.customerId);
    const ordered = [
      ...sessions.filter((session) => session.id === auth.sessionId),
      ...sessions.filter((session) => session.id !== auth.sessionId),
    ];
    return {
      sessions: ordered.map((session) => ({
        id: session.id,
        device: deviceName(session.userAgent),
        lastActiveAt: session.lastSeenAt.toISOString(),
        signedInAt: session.createdAt.toISOString(),
        current: session.id === auth.sessionId,
      })),
    };
  }

  /** Signs out every other session of the customer; this one stays. */
  async endOtherSessions(auth: AuthenticatedCustomer): Promise<EndedSessionsResponse> {
    await this.access.require(auth, Permission.AccountUpdate, [auth.customerId]);
    return { ended: await this.sessions.revokeOthers(auth.customerId, auth.sessionId) };
  }
}
