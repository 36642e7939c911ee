import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { DATA_SOURCE } from '../../../common/tokens.js';

/** A row of the other apps table. */
export interface AppAuthorizationRow {
  id: string;
  app_name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** A code as the token endpoint needs it, read while marking it used. */
export interface ClaimedCode {
  authorization_id: string;
  redirect_uri: string | null;
  code_challenge: string | null;
}

/** What a live access token stands for. */
export interface LiveAccessToken {
  authorization_id: string;
  customer_id: string;
  last_used_at: Date | null;
}

/** A token to store: only its hash is kept. */
export interface NewToken {
  hash: string;
  kind: 'access' | 'refresh';
  expiresAt: Date;
}

/**
 * The one writer of `app_authorizations`, `app_authorization_codes` and `app_tokens`. Codes and
 * tokens are stored as hashToken of their value; deleting an authorization deletes its codes and
 * tokens (ON DELETE CASCADE).
 */
@Injectable()
export class AppAuthorizationRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /**
   * The customer's authorization of the app, created or refreshed; its `created_at` (the
   * Granted At column) stays the first grant's (decision 86). Answers its id.
   */
  async grant(customerId: string, appId: string, scope: string): Promise<string> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `INSERT INTO app_authorizations (app_id, customer_id, scope) VALUES ($1, $2, $3)
       ON CONFLICT (customer_id, app_id) DO UPDATE SET scope = EXCLUDED.scope
       RETURNING id`,
      [appId, customerId, scope],
    );
    return rows[0]!.id;
  }

  async insertCode(code: {
    hash: string;
    authorizationId: string;
    redirectUri: string | null;
    codeChallenge: string | null;
    expiresAt: Date;
  }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO app_authorization_codes
         (code_hash, authorization_id, redirect_uri, code_challenge, expires_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [code.hash, code.authorizationId, code.redirectUri, code.codeChallenge, code.expiresAt],
    );
  }

  /** Runs `work` in one transaction: a code's claim and the tokens it gives commit together. */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Marks the app's unused, unexpired code used in one statement, so of two parallel exchanges
   * exactly one gets the row (the other waits for the row lock, then finds it used).
   */
  async claimCode(
    manager: EntityManager,
    codeHash: string,
    appId: string,
    now: Date,
  ): Promise<ClaimedCode | null> {
    const [rows]: [ClaimedCode[], number] = await manager.query(
      `UPDATE app_authorization_codes c SET used_at = $3
         FROM app_authorizations a
        WHERE c.code_hash = $1 AND a.id = c.authorization_id AND a.app_id = $2
          AND c.used_at IS NULL AND c.expires_at > $3
       RETURNING c.authorization_id, c.redirect_uri, c.code_challenge`,
      [codeHash, appId, now],
    );
    return rows[0] ?? null;
  }

  /**
   * When the app's code was already used, deletes every token issued from it (RFC 6749 §4.1.2)
   * and answers true; false for a code that is unknown, another app's or merely expired.
   */
  async revokeTokensOfReusedCode(
    manager: EntityManager,
    codeHash: string,
    appId: string,
  ): Promise<boolean> {
    const used: Array<{ code_hash: string }> = await manager.query(
      `SELECT c.code_hash FROM app_authorization_codes c
         JOIN app_authorizations a ON a.id = c.authorization_id
        WHERE c.code_hash = $1 AND a.app_id = $2 AND c.used_at IS NOT NULL`,
      [codeHash, appId],
    );
    if (used.length === 0) return false;
    await manager.query(`DELETE FROM app_tokens WHERE code_hash = $1`, [codeHash]);
    return true;
  }

  /**
   * Marks the app's live refresh token rotated (it works once) and answers what it was issued
   * for, or null for a token that is unknown, expired, already rotated or another app's. The
   * rotated row stays until its expiry, so that a replay is recognised as one.
   */
  async rotateRefreshToken(
    manager: EntityManager,
    tokenHash: string,
    appId: string,
    now: Date,
  ): Promise<{ authorization_id: string; code_hash: string | null } | null> {
    const [rows]: [Array<{ authorization_id: string; code_hash: string | null }>, number] =
      await manager.query(
        `UPDATE app_tokens t SET rotated_at = $3
           FROM app_authorizations a
          WHERE t.token_hash = $1 AND t.kind = 'refresh' AND a.id = t.authorization_id
            AND a.app_id = $2 AND t.expires_at > $3 AND t.rotated_at IS NULL
        RETURNING t.authorization_id, t.code_hash`,
        [tokenHash, appId, now],
      );
    return rows[0] ?? null;
  }

  /**
   * When the app's refresh token was already rotated, deletes every token issued from the same
   * code (its successors, the live pair among them, and the rotated ones) and answers true;
   * false for a token that is unknown or another app's.
   */
  async revokeTokensOfReplayedRefreshToken(
    manager: EntityManager,
    tokenHash: string,
    appId: string,
  ): Promise<boolean> {
    const [rows]: [Array<{ token_hash: string }>, number] = await manager.query(
      `WITH replayed AS (
         SELECT t.authorization_id, t.code_hash FROM app_tokens t
           JOIN app_authorizations a ON a.id = t.authorization_id
          WHERE t.token_hash = $1 AND t.kind = 'refresh' AND a.app_id = $2
            AND t.rotated_at IS NOT NULL)
       DELETE FROM app_tokens t USING replayed r
        WHERE t.authorization_id = r.authorization_id
          AND t.code_hash IS NOT DISTINCT FROM r.code_hash
       RETURNING t.token_hash`,
      [tokenHash, appId],
    );
    return rows.length > 0;
  }

  /**
   * Stores tokens of an authorization; `codeHash` ties them (and their refreshed successors) to
   * the code they came from, so a replay of that code deletes them all.
   */
  async insertTokens(
    manager: EntityManager,
    authorizationId: string,
    codeHash: string | null,
    tokens: readonly NewToken[],
  ): Promise<void> {
    await manager.query(
      `INSERT INTO app_tokens (token_hash, authorization_id, kind, code_hash, expires_at)
       SELECT t.hash, $1, t.kind, $2, t.expires_at
         FROM unnest($3::text[], $4::text[], $5::timestamptz[]) AS t(hash, kind, expires_at)`,
      [
        authorizationId,
        codeHash,
        tokens.map((token) => token.hash),
        tokens.map((token) => token.kind),
        tokens.map((token) => token.expiresAt),
      ],
    );
  }

  /** The live access token's authorization and customer, or null. */
  async findLiveAccessToken(tokenHash: string, now: Date): Promise<LiveAccessToken | null> {
    const rows: LiveAccessToken[] = await this.dataSource.query(
      `SELECT t.authorization_id, a.customer_id, a.last_used_at
         FROM app_tokens t JOIN app_authorizations a ON a.id = t.authorization_id
        WHERE t.token_hash = $1 AND t.kind = 'access' AND t.expires_at > $2`,
      [tokenHash, now],
    );
    return rows[0] ?? null;
  }

  /** Stamps the last use unless it was stamped since `notBefore` (no write per API call). */
  async touch(authorizationId: string, now: Date, notBefore: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE app_authorizations SET last_used_at = $2
        WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $3)`,
      [authorizationId, now, notBefore],
    );
  }

  /** The customer's authorizations, newest first (the other apps table's default sort). */
  async listOf(customerId: string): Promise<AppAuthorizationRow[]> {
    return this.dataSource.query(
      `SELECT a.id, p.name AS app_name, a.created_at, a.last_used_at
         FROM app_authorizations a JOIN apps p ON p.id = a.app_id
        WHERE a.customer_id = $1
        ORDER BY a.created_at DESC, a.id DESC`,
      [customerId],
    );
  }

  /** Deletes an authorization; its codes and tokens go with it. */
  async delete(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM app_authorizations WHERE id = $1`, [id]);
  }

  /**
   * The hourly cleanup: tokens past their time, and codes a day after theirs (kept that long so
   * a late replay still finds its code used and revokes what it gave).
   */
  async deleteExpired(now: Date): Promise<void> {
    await this.dataSource.query(`DELETE FROM app_tokens WHERE expires_at < $1`, [now]);
    await this.dataSource.query(
      `DELETE FROM app_authorization_codes WHERE expires_at < $1::timestamptz - interval '1 day'`,
      [now],
    );
  }
}
