import { hash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '../../app/core.module.js';
import { newToken } from '../../common/ids.js';
import { CLOCK } from '../../common/tokens.js';
import { SESSION_TTL_MS } from './session-cookie.js';
import { type PendingSessionRow, SessionsRepository } from './sessions.repository.js';

export interface AuthenticatedCustomer {
  customerId: string;
  sessionId: string;
  /** The login used a password that fails today's rules (strong-password screen). */
  passwordUpdateRequired: boolean;
}

export interface NewSessionMeta {
  userAgent?: string;
  ipAddress?: string;
  passwordUpdateRequired?: boolean;
}

/** What other features (the live channel) hear when sessions end. */
export type SessionRevoked =
  { scope: 'session'; sessionId: string } | { scope: 'customer'; customerId: string };

/**
 * Server-side sessions. The cookie carries a random token; the database keeps only its SHA-256,
 * so a leaked table cannot be replayed as cookies.
 */
@Injectable()
export class SessionsService {
  private readonly revokedListeners = new Set<(event: SessionRevoked) => void>();

  constructor(
    private readonly sessions: SessionsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** A new session (and so a new id) at every login. Returns the cookie's token. */
  async create(customerId: string, meta: NewSessionMeta = {}): Promise<string> {
    const { token, row } = this.prepare(meta);
    await this.sessions.insert({ ...row, customerId });
    return token;
  }

  /**
   * The cookie token and the row of a new session whose customer is not known yet: a password
   * login writes it in the statement that reads the customer, before the hash, and reveals the
   * token only if the password matches (LoginAttemptsRepository.candidateRead).
   */
  prepare(meta: NewSessionMeta = {}): { token: string; row: PendingSessionRow } {
    const token = newToken();
    return {
      token,
      row: {
        id: hashToken(token),
        expiresAt: new Date(this.clock.now().getTime() + SESSION_TTL_MS),
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
        ipAddress: meta.ipAddress?.slice(0, 64) ?? null,
        passwordUpdateRequired: meta.passwordUpdateRequired ?? false,
      },
    };
  }

  /** Deletes a session whose token was never given out (a login that did not succeed). */
  async discard(sessionId: string): Promise<void> {
    await this.sessions.discardPending(sessionId);
  }

  /** The customer behind a cookie token, or null when missing, unknown or expired. */
  async authenticate(token: string | null | undefined): Promise<AuthenticatedCustomer | null> {
    if (!token || token.length > 200) return null;
    const session = await this.sessions.findLive(hashToken(token), this.clock.now());
    return session
      ? {
          customerId: session.customerId,
          sessionId: session.id,
          passwordUpdateRequired: session.passwordUpdateRequired,
        }
      : null;
  }

  async revoke(token: string): Promise<void> {
    const sessionId = hashToken(token);
    await this.sessions.delete(sessionId);
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
  async revokeOthers(customerId: string, keepSessionId: string): Promise<void> {
    await this.sessions.deleteAllOfExcept(customerId, keepSessionId);
    this.emitRevoked({ scope: 'customer', customerId });
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

/** SHA-256 of a token, as stored: the one-shot `hash` makes no Hash object per call. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
