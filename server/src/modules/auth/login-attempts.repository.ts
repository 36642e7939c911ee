import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../common/tokens.js';
import type { SingleRowRead } from '../../common/rate-limit/rate-limiter.js';
import { ASYNC_COMMIT, sqlRows } from '../../database/sql.js';
import {
  CUSTOMER_COLUMNS,
  type CustomerRow,
  toCustomer,
} from '../customers/customers.repository.js';
import type { CustomerEntity } from '../customers/customer.entity.js';
import type { PendingSessionRow } from './sessions.repository.js';

/** A row of `candidateRead`: the customer's columns are null for an unknown address. */
export type CandidateRow = CustomerRow & { id: string | null; recent_failures: string };

/** The customer a password login names, and how often its password failed lately. */
export interface LoginCandidate {
  customer: CustomerEntity | null;
  recentFailures: number;
}

// A successful login costs one statement, before the hash: the rate-limit hit, this read and the
// pending session (see docs/decisions.md, login benchmark). The unknown address runs the same
// count against the nil id: equal work either way.
const FIND_CANDIDATE = `SELECT ${CUSTOMER_COLUMNS}, failures.count AS recent_failures
  FROM (SELECT $1::varchar AS wanted_email) AS wanted
  LEFT JOIN customers c ON c.email = wanted.wanted_email
  CROSS JOIN LATERAL (
    SELECT count(*) FROM login_failures
    WHERE customer_id = coalesce(c.id, '00000000-0000-0000-0000-000000000000'::uuid)
      AND created_at > $2
  ) AS failures`;

// The pending session, for the customer with this address if it has a password, unless the
// rate limit refused the attempt (rate_limit_allowed is then empty: a refusal writes nothing, so
// it costs the same for a known and an unknown address). Its commit does not wait for the WAL
// flush (ASYNC_COMMIT): a database crash may lose the last moment's sessions, whose customers then
// sign in again (docs/decisions.md).
const INSERT_PENDING_SESSION = `login_session AS (
    INSERT INTO sessions
      (id, customer_id, expires_at, user_agent, ip_address, password_update_required)
    SELECT $3, c.id, $4, $5, $6, $7
    FROM customers c CROSS JOIN rate_limit_allowed CROSS JOIN ${ASYNC_COMMIT}
    WHERE c.email = $1 AND c.password_hash IS NOT NULL
  )`;

// The pending session of a failed login goes in the same statement as the failure.
const RECORD_FAILURE = `WITH discarded AS (DELETE FROM sessions WHERE id = $4)
  INSERT INTO login_failures (customer_id, email, ip_address) VALUES ($1, $2, $3)`;

/** Failed logins (account lock, two-factor policy) and the customer a password login names. */
@Injectable()
export class LoginAttemptsRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** A failed password login, and the end of its pending session (never given out). */
  async recordFailure(
    customerId: string | null,
    email: string,
    ipAddress: string | null,
    pendingSessionId: string | null,
  ): Promise<void> {
    await sqlRows(this.dataSource, RECORD_FAILURE, [
      customerId,
      email.slice(0, 254),
      ipAddress?.slice(0, 64) ?? null,
      pendingSessionId,
    ]);
  }

  /**
   * The read of the customer with this (normalised) address, if any, and its failures since
   * `since`: always one row. Login runs it alongside its rate-limit hit (`RateLimiter.hitWith`),
   * with the session it will give out if the password matches: the token stays with the caller,
   * which deletes the row on every other outcome (`recordFailure`, `SessionsService.discard`).
   */
  candidateRead(email: string, since: Date, session: PendingSessionRow | null): SingleRowRead {
    if (!session) return { sql: FIND_CANDIDATE, parameters: [email, since] };
    return {
      sql: FIND_CANDIDATE,
      parameters: [
        email,
        since,
        session.id,
        session.expiresAt,
        session.userAgent,
        session.ipAddress,
        session.passwordUpdateRequired,
      ],
      writes: INSERT_PENDING_SESSION,
    };
  }

  candidateOf(row: CandidateRow | undefined): LoginCandidate {
    return {
      customer: row?.id ? toCustomer(row) : null,
      recentFailures: Number(row?.recent_failures ?? 0),
    };
  }

  async clearFailures(customerId: string): Promise<void> {
    await sqlRows(this.dataSource, `DELETE FROM login_failures WHERE customer_id = $1`, [
      customerId,
    ]);
  }

  async deleteFailuresBefore(date: Date): Promise<void> {
    await sqlRows(this.dataSource, `DELETE FROM login_failures WHERE created_at < $1`, [date]);
  }

  /** The PostgreSQL rate-limit windows (deployments without Redis). */
  async deleteRateCountersBefore(date: Date): Promise<void> {
    await sqlRows(this.dataSource, `DELETE FROM rate_limit_counters WHERE window_start < $1`, [
      date,
    ]);
  }
}
