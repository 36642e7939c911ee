import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../common/tokens.js';
import { queryRows } from '../../database/sql.js';

@Injectable()
export class TrackingRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async insert(
    customerId: string | null,
    eventName: string,
    eventData: Record<string, unknown>,
  ): Promise<void> {
    await queryRows(
      this.dataSource,
      `INSERT INTO tracking_events (customer_id, event_name, event_data) VALUES ($1, $2, $3)`,
      [customerId, eventName, JSON.stringify(eventData)],
    );
  }
}
