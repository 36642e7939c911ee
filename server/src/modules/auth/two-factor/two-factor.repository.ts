import { Inject, Injectable } from '@nestjs/common';
import type { TwoFactorAction } from '@animata/contracts';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../common/tokens.js';
import { queryRows } from '../../../database/sql.js';

/** What a verified challenge completes without asking for it again (no-JavaScript flow). */
export interface PendingIntent {
  /** Login: whether the password used met today's rules. */
  secured?: boolean;
  /** Registration: the account to create. */
  name?: string;
  passwordHash?: string;
  redirect?: string;
}

export interface TwoFactorChallenge {
  id: string;
  action: TwoFactorAction;
  email: string;
  customerId: string | null;
  attemptHash: string;
  codeHash: string | null;
  codeExpiresAt: Date | null;
  sends: number;
  lastSentAt: Date | null;
  wrongCodes: number;
  pending: PendingIntent | null;
  expiresAt: Date;
}

interface Row {
  id: string;
  action: TwoFactorAction;
  email: string;
  customer_id: string | null;
  attempt_hash: string;
  code_hash: string | null;
  code_expires_at: Date | null;
  sends: number;
  last_sent_at: Date | null;
  wrong_codes: number;
  pending: PendingIntent | null;
  expires_at: Date;
}

const toChallenge = (row: Row): TwoFactorChallenge => ({
  id: row.id,
  action: row.action,
  email: row.email,
  customerId: row.customer_id,
  attemptHash: row.attempt_hash,
  codeHash: row.code_hash,
  codeExpiresAt: row.code_expires_at,
  sends: row.sends,
  lastSentAt: row.last_sent_at,
  wrongCodes: row.wrong_codes,
  pending: row.pending,
  expiresAt: row.expires_at,
});

@Injectable()
export class TwoFactorRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async open(challenge: {
    action: TwoFactorAction;
    email: string;
    customerId: string | null;
    attemptHash: string;
    pending: PendingIntent | null;
    expiresAt: Date;
  }): Promise<void> {
    await queryRows(
      this.dataSource,
      `INSERT INTO two_factor_challenges (action, email, customer_id, attempt_hash, pending, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        challenge.action,
        challenge.email,
        challenge.customerId,
        challenge.attemptHash,
        challenge.pending ? JSON.stringify(challenge.pending) : null,
        challenge.expiresAt,
      ],
    );
  }

  /** The newest live challenge of an attempt. */
  async findOpen(
    attemptHash: string,
    action: TwoFactorAction,
    now: Date,
  ): Promise<TwoFactorChallenge | null> {
    const rows = await queryRows<Row>(
      this.dataSource,
      `SELECT * FROM two_factor_challenges
       WHERE attempt_hash = $1 AND action = $2 AND expires_at > $3 AND verified_at IS NULL
       ORDER BY created_at DESC LIMIT 1`,
      [attemptHash, action, now],
    );
    return rows[0] ? toChallenge(rows[0]) : null;
  }

  async findBySendToken(sendTokenHash: string, now: Date): Promise<TwoFactorChallenge | null> {
    const rows = await queryRows<Row>(
      this.dataSource,
      `SELECT * FROM two_factor_challenges
       WHERE send_token_hash = $1 AND expires_at > $2 AND verified_at IS NULL`,
      [sendTokenHash, now],
    );
    return rows[0] ? toChallenge(rows[0]) : null;
  }

  /**
   * Records a send if the limits still allow it (checked again in SQL so parallel requests
   * cannot exceed them). Returns false when they do not.
   */
  async recordSend(
    id: string,
    values: { sendTokenHash: string; codeHash: string; codeExpiresAt: Date; now: Date },
    limits: { maxSends: number; resendAfter: Date },
  ): Promise<boolean> {
    const rows = await queryRows<unknown>(
      this.dataSource,
      `UPDATE two_factor_challenges
       SET send_token_hash = $2, code_hash = $3, code_expires_at = $4, sends = sends + 1, last_sent_at = $5
       WHERE id = $1 AND sends < $6 AND (last_sent_at IS NULL OR last_sent_at <= $7)
       RETURNING id`,
      [
        id,
        values.sendTokenHash,
        values.codeHash,
        values.codeExpiresAt,
        values.now,
        limits.maxSends,
        limits.resendAfter,
      ],
    );
    return rows.length > 0;
  }

  /**
   * Counts a code attempt before the code is compared, atomically and only while fewer than
   * `max` were made: parallel guesses cannot all slip in under the limit. Returns the attempt's
   * number, or null when the challenge has used them up.
   */
  async reserveAttempt(id: string, max: number): Promise<number | null> {
    const rows = await queryRows<{ wrong_codes: number }>(
      this.dataSource,
      `UPDATE two_factor_challenges SET wrong_codes = wrong_codes + 1
       WHERE id = $1 AND wrong_codes < $2 RETURNING wrong_codes`,
      [id, max],
    );
    return rows[0]?.wrong_codes ?? null;
  }

  /** Marks the challenge verified once; the code cannot be used again. */
  async markVerified(
    id: string,
    codeHash: string,
    verifiedTokenHash: string,
    now: Date,
    maxAttempts: number,
  ): Promise<boolean> {
    const rows = await queryRows<unknown>(
      this.dataSource,
      `UPDATE two_factor_challenges
       SET verified_at = $4, verified_token_hash = $3, code_hash = NULL
       WHERE id = $1 AND code_hash = $2 AND verified_at IS NULL AND wrong_codes <= $5
       RETURNING id`,
      [id, codeHash, verifiedTokenHash, now, maxAttempts],
    );
    return rows.length > 0;
  }

  /** Uses a verified token once, for the same action, address and attempt, within its lifetime. */
  async consumeVerified(
    verifiedTokenHash: string,
    action: TwoFactorAction,
    email: string,
    attemptHash: string,
    verifiedSince: Date,
    now: Date,
  ): Promise<TwoFactorChallenge | null> {
    const rows = await queryRows<Row>(
      this.dataSource,
      `UPDATE two_factor_challenges SET consumed_at = $6
       WHERE verified_token_hash = $1 AND action = $2 AND email = $3 AND attempt_hash = $4
         AND consumed_at IS NULL AND verified_at > $5
       RETURNING *`,
      [verifiedTokenHash, action, email, attemptHash, verifiedSince, now],
    );
    return rows[0] ? toChallenge(rows[0]) : null;
  }

  async deleteExpired(now: Date): Promise<void> {
    await queryRows(this.dataSource, `DELETE FROM two_factor_challenges WHERE expires_at < $1`, [
      now,
    ]);
  }
}
