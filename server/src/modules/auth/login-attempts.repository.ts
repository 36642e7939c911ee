import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../common/tokens.js';
import { sqlRows } from '../../database/sql.js';

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

  async countFailuresSince(customerId: string, since: Date): Promise<number> {
    const rows = await sqlRows<{ count: string }>(
      this.dataSource,
      `SELECT count(*) FROM login_failures WHERE customer_id = $1 AND created_at > $2`,
      [customerId, since],
    );
    return Number(rows[0]?.count ?? 0);
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

  async rememberDevice(customerId: string, deviceHash: string, now: Date): Promise<void> {
    await sqlRows(
      this.dataSource,
      `INSERT INTO known_devices (customer_id, device_hash, created_at, last_seen_at) VALUES ($1, $2, $3, $3)
       ON CONFLICT (customer_id, device_hash) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at`,
      [customerId, deviceHash, now],
    );
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
