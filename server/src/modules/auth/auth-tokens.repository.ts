import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../common/tokens.js';
import { queryRows } from '../../database/sql.js';

export type AuthTokenPurpose = 'verify-email' | 'reset-password';

@Injectable()
export class AuthTokensRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async insert(
    customerId: string,
    purpose: AuthTokenPurpose,
    tokenHash: string,
    expiresAt: Date,
  ): Promise<void> {
    await queryRows(
      this.dataSource,
      `INSERT INTO auth_tokens (customer_id, purpose, token_hash, expires_at) VALUES ($1, $2, $3, $4)`,
      [customerId, purpose, tokenHash, expiresAt],
    );
  }

  /**
   * Marks a live token used and returns its customer, atomically: a token works once even when
   * two requests race.
   */
  async consume(purpose: AuthTokenPurpose, tokenHash: string, now: Date): Promise<string | null> {
    const rows = await queryRows<{ customer_id: string }>(
      this.dataSource,
      `UPDATE auth_tokens SET used_at = $3
       WHERE token_hash = $2 AND purpose = $1 AND used_at IS NULL AND expires_at > $3
       RETURNING customer_id`,
      [purpose, tokenHash, now],
    );
    return rows[0]?.customer_id ?? null;
  }

  /** Whether a token of that purpose is unused and unexpired; reads only, uses nothing up. */
  async isLive(purpose: AuthTokenPurpose, tokenHash: string, now: Date): Promise<boolean> {
    const rows = await queryRows<{ live: boolean }>(
      this.dataSource,
      `SELECT true AS live FROM auth_tokens t JOIN customers c ON c.id = t.customer_id
       WHERE t.token_hash = $2 AND t.purpose = $1 AND t.used_at IS NULL AND t.expires_at > $3`,
      [purpose, tokenHash, now],
    );
    return rows.length > 0;
  }

  async findUsedOfVerified(tokenHash: string): Promise<string | null> {
    const rows = await queryRows<{ customer_id: string }>(
      this.dataSource,
      `SELECT t.customer_id FROM auth_tokens t JOIN customers c ON c.id = t.customer_id
       WHERE t.token_hash = $1 AND t.purpose = 'verify-email' AND t.used_at IS NOT NULL
         AND c.verified_at IS NOT NULL`,
      [tokenHash],
    );
    return rows[0]?.customer_id ?? null;
  }

  /** Ends every other live token of that purpose (a new password ends older reset links). */
  async revokeAll(customerId: string, purpose: AuthTokenPurpose, now: Date): Promise<void> {
    await queryRows(
      this.dataSource,
      `UPDATE auth_tokens SET used_at = $3 WHERE customer_id = $1 AND purpose = $2 AND used_at IS NULL`,
      [customerId, purpose, now],
    );
  }

  async deleteExpired(now: Date): Promise<void> {
    await queryRows(
      this.dataSource,
      `DELETE FROM auth_tokens WHERE expires_at < $1::timestamptz - interval '7 days'`,
      [now],
    );
  }
}
