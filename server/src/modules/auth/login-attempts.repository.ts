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
import { INSERT_SESSION, type NewSessionRow, sessionParameters } from './sessions.repository.js';

/** A row of `candidateRead`: the customer's columns are null for an unknown address. */
export type CandidateRow = CustomerRow & { id: string | null; recent_failures: string };

/** The customer a password login names, and how often its password failed lately. */
export interface LoginCandidate {
  customer: CustomerEntity | null;
  recentFailures: number;
}

// A login costs one statement before the hash (with its rate-limit hit) and one after (see
// docs/decisions.md, login benchmark). The unknown address runs the same count against the nil id: equal work either way.
const FIND_CANDIDATE = `SELECT ${CUSTOMER_COLUMNS}, failures.count AS recent_failures
  FROM (SELECT $1::varchar AS wanted_email) AS wanted
  LEFT JOIN customers c ON c.email = wanted.wanted_email
  CROSS JOIN LATERAL (
    SELECT count(*) FROM login_failures
    WHERE customer_id = coalesce(c.id, '00000000-0000-0000-0000-000000000000'::uuid)
      AND created_at > $2
  ) AS failures`;

// Data-modifying WITH parts run whether or not the outer query reads them. The commit does not
// wait for the WAL flush (ASYNC_COMMIT): a database crash may lose the last moment's sessions,
// whose customers then sign in again (docs/decisions.md).
const RECORD_SUCCESS = `WITH session AS (${INSERT_SESSION}),
  device AS (
    INSERT INTO known_devices (customer_id, device_hash, created_at, last_seen_at)
    VALUES ($2, $7, $8, $8)
    ON CONFLICT (customer_id, device_hash) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at
  ),
  cleared AS (DELETE FROM login_failures WHERE $9::boolean AND customer_id = $2)
  SELECT 1 FROM ${ASYNC_COMMIT}`;

/** Failed logins (account lock, two-factor policy) and the devices a customer signed in from. */
@Injectable()
export class LoginAttemptsRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async recordFailure(
    customerId: string | null,
    email: string,
    ipAddress: string | null,
  ): Promise<void> {
    await sqlRows(
      this.dataSource,
      `INSERT INTO login_failures (customer_id, email, ip_address) VALUES ($1, $2, $3)`,
      [customerId, email.slice(0, 254), ipAddress?.slice(0, 64) ?? null],
    );
  }

  /**
   * The read of the customer with this (normalised) address, if any, and its failures since
   * `since`: always one row. Login runs it alongside its rate-limit hit (`RateLimiter.hitWith`).
   */
  candidateRead(email: string, since: Date): SingleRowRead {
    return { sql: FIND_CANDIDATE, parameters: [email, since] };
  }

  candidateOf(row: CandidateRow | undefined): LoginCandidate {
    return {
      customer: row?.id ? toCustomer(row) : null,
      recentFailures: Number(row?.recent_failures ?? 0),
    };
  }

  /**
   * A successful password login in one statement: the new session, the device remembered (or
   * seen again) and, when there were any, the failures forgotten.
   */
  async recordSuccess(
    session: NewSessionRow,
    deviceHash: string,
    at: Date,
    clearFailures: boolean,
  ): Promise<void> {
    await sqlRows(this.dataSource, RECORD_SUCCESS, [
      ...sessionParameters(session),
      deviceHash,
      at,
      clearFailures,
    ]);
  }

  async clearFailures(customerId: string): Promise<void> {
    await sqlRows(this.dataSource, `DELETE FROM login_failures WHERE customer_id = $1`, [
      customerId,
    ]);
  }

  async isKnownDevice(customerId: string, deviceHash: string): Promise<boolean> {
    const rows = await sqlRows<unknown>(
      this.dataSource,
      `SELECT 1 FROM known_devices WHERE customer_id = $1 AND device_hash = $2`,
      [customerId, deviceHash],
    );
    return rows.length > 0;
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
