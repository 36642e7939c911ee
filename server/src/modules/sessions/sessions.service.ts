import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '../../common/clock.js';
import { readCookie } from '../../common/http/cookies.js';
import type { PageReads } from '../../common/http/page-reads.js';
import { hashToken, newToken } from '../../common/ids.js';
import { CLOCK, CONFIG } from '../../common/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { SESSION_TTL_MS, sessionCookieName } from './session-cookie.js';
import type { SessionEntity } from './session.entity.js';
import { SessionsRepository } from './sessions.repository.js';

/** Who a request comes from: the customer of a live session. */
export interface AuthenticatedCustomer {
  customerId: string;
  sessionId: string;
  /** The login used a password that fails today's rules (strong-password screen). */
  passwordUpdateRequired: boolean;
}

export interface NewSessionMeta {
  userAgent?: string | null;
  ipAddress?: string | null;
  passwordUpdateRequired?: boolean;
}

/** What other features (the live channel) hear when sessions end. */
export type SessionRevoked =
  { scope: 'session'; sessionId: string } | { scope: 'customer'; customerId: string };

/** The strong-password exemption (no old password needed) holds only this long after login. */
const PASSWORD_UPDATE_WINDOW_MS = 15 * 60 * 1000;
/** Activity is noted at most this often per session: "last active" needs no finer grain. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** Longer than any token we hand out: not worth a database round trip. */
const MAX_TOKEN_LENGTH = 200;

/**
 * Server-side sessions. The cookie carries a random token; the database keeps only its SHA-256,
 * so a leaked table cannot be replayed as cookies.
 */
@Injectable()
export class SessionsService {
  private readonly revokedListeners = new Set<(event: SessionRevoked) => void>();
  private readonly cookieName: string;

  constructor(
    private readonly sessions: SessionsRepository,
    @Inject(CONFIG) config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.cookieName = sessionCookieName(config);
  }

  /** A new session (and so a new id) at every login. Returns the cookie's token. */
  async create(customerId: string, meta: NewSessionMeta = {}): Promise<string> {
    const token = newToken();
    await this.sessions.insert({
      id: hashToken(token),
      customerId,
      expiresAt: new Date(this.clock.now().getTime() + SESSION_TTL_MS),
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      ipAddress: meta.ipAddress?.slice(0, 64) ?? null,
      passwordUpdateRequired: meta.passwordUpdateRequired ?? false,
    });
    return token;
  }

  /**
   * The customer behind a request's Cookie header, or null when the session cookie is missing,
   * unknown or expired. The one way in: the HTTP guard, controllers and the live handshake.
   * Within a page's in-process calls (`page`, page-reads.ts) the session is read once.
   */
  async authenticate(
    cookieHeader: string | undefined,
    page: PageReads | null = null,
  ): Promise<AuthenticatedCustomer | null> {
    const token = readCookie(cookieHeader, this.cookieName);
    if (!token || token.length > MAX_TOKEN_LENGTH) return null;
    if (!page) return this.lookup(token);
    // A page's loaders call the BFF several times with the same cookie: one read for them all.
    const found = await page.once(`session:${token}`, () => this.lookup(token));
    // Each caller gets its own copy (the guard hangs it on its request).
    return found && { ...found };
  }

  private async lookup(token: string): Promise<AuthenticatedCustomer | null> {
    const now = this.clock.now();
    const session = await this.sessions.findLive(hashToken(token), now);
    if (!session) return null;
    const notBefore = new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS);
    if (session.lastSeenAt < notBefore) await this.sessions.touch(session.id, now, notBefore);
    return {
      customerId: session.customerId,
      sessionId: session.id,
      passwordUpdateRequired:
        session.passwordUpdateRequired &&
        session.createdAt.getTime() > now.getTime() - PASSWORD_UPDATE_WINDOW_MS,
    };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.sessions.delete([sessionId]);
    this.emitRevoked({ scope: 'session', sessionId });
  }

  async revokeAllOf(customerId: string): Promise<void> {
    await this.sessions.deleteAllOf(customerId);
    this.emitRevoked({ scope: 'customer', customerId });
  }

  /**
   * Ends every other session of the customer (after a password change). Live sockets of the
   * customer reconnect; the kept session's sockets pass the handshake again.
   */
  async revokeOthers(customerId: string, keepSessionId: string): Promise<number> {
    const ended = await this.sessions.deleteAllOfExcept(customerId, keepSessionId);
    this.emitRevoked({ scope: 'customer', customerId });
    return ended;
  }

  /** The customer's live sessions, most recently active first. */
  listOf(customerId: string): Promise<SessionEntity[]> {
    return this.sessions.listLive(customerId, this.clock.now());
  }

  /** Subscribes to ended sessions; returns the unsubscribe. */
  onRevoked(listener: (event: SessionRevoked) => void): () => void {
    this.revokedListeners.add(listener);
    return () => this.revokedListeners.delete(listener);
  }

  private emitRevoked(event: SessionRevoked): void {
    for (const listener of this.revokedListeners) listener(event);
  }

  async clearPasswordUpdateRequired(sessionId: string): Promise<void> {
    await this.sessions.setPasswordUpdateRequired(sessionId, false);
  }

  deleteExpired(): Promise<number> {
    return this.sessions.deleteExpired(this.clock.now());
  }
}
