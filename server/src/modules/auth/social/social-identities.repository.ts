import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../common/tokens.js';
import type { SocialProvider } from './social-profile.js';
import { queryRows } from '../../../database/sql.js';

@Injectable()
export class SocialIdentitiesRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async findCustomerId(provider: SocialProvider, subject: string): Promise<string | null> {
    const rows = await queryRows<{ customer_id: string }>(
      this.dataSource,
      `SELECT customer_id FROM social_identities WHERE provider = $1 AND subject = $2`,
      [provider, subject],
    );
    return rows[0]?.customer_id ?? null;
  }

  async link(provider: SocialProvider, subject: string, customerId: string): Promise<void> {
    await queryRows(
      this.dataSource,
      `INSERT INTO social_identities (provider, subject, customer_id) VALUES ($1, $2, $3)
       ON CONFLICT (provider, subject) DO NOTHING`,
      [provider, subject, customerId],
    );
  }
}
