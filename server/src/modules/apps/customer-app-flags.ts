import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../common/tokens.js';

/** The customer object's two app fields (account-and-auth §3). */
export interface CustomerAppFlags {
  /** Sees the Own Apps tab: has the developer grant or a role on an app (decision 80). */
  isAdmin: boolean;
  /** Sees the 3rd Party Apps tab: has authorized at least one app. */
  hasOtherApps: boolean;
}

/** Reads both flags in one statement, for the customer object of every account page. */
@Injectable()
export class CustomerAppFlagsReader {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async of(customerId: string): Promise<CustomerAppFlags> {
    const rows: Array<{ is_admin: boolean; has_other_apps: boolean }> = await this.dataSource.query(
      `SELECT
         (c.developer_since IS NOT NULL
           OR EXISTS (SELECT 1 FROM app_members m WHERE m.customer_id = c.id)) AS is_admin,
         EXISTS (SELECT 1 FROM app_authorizations a WHERE a.customer_id = c.id) AS has_other_apps
       FROM customers c WHERE c.id = $1`,
      [customerId],
    );
    const row = rows[0];
    return { isAdmin: row?.is_admin ?? false, hasOtherApps: row?.has_other_apps ?? false };
  }
}
