import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../../common/tokens.js';
import { queryRows } from '../../../../database/sql.js';

/** The sandbox gateways' objects (customers, payment methods, subscriptions, intents…). */
@Injectable()
export class SandboxStore {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async get<T>(id: string, kind: string): Promise<T | null> {
    const rows: Array<{ data: T }> = await this.dataSource.query(
      `SELECT data FROM sandbox_gateway_objects WHERE id = $1 AND kind = $2`,
      [id, kind],
    );
    return rows[0]?.data ?? null;
  }

  async put<T>(id: string, kind: string, data: T): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO sandbox_gateway_objects (id, kind, data) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data, updated_at = now()`,
      [id, kind, JSON.stringify(data)],
    );
  }

  /** Stores the object unless the id exists; false when it did (idempotency keys). */
  async putNew<T>(id: string, kind: string, data: T): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO sandbox_gateway_objects (id, kind, data) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [id, kind, JSON.stringify(data)],
    );
    return rows.length > 0;
  }

  /**
   * Replaces the object only while its `status` is still `from` (one winner among racing
   * changes, as a gateway's own state machine has); false when it was not.
   */
  async replaceIfStatus<T>(id: string, kind: string, from: string, data: T): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `UPDATE sandbox_gateway_objects SET data = $4::jsonb, updated_at = now()
       WHERE id = $1 AND kind = $2 AND data->>'status' = $3 RETURNING id`,
      [id, kind, from, JSON.stringify(data)],
    );
    return rows.length > 0;
  }
}
