import { randomBytes } from 'node:crypto';
import { SessionsService } from '../../src/modules/auth/sessions.service.js';
import type { StartedApp } from '../../src/app/create-app.js';

export interface TestCustomer {
  id: string;
  email: string;
  name: string;
}

/** A customer row with a unique e-mail (no password: sign-in tests set their own). */
export async function newCustomer(
  app: StartedApp,
  fields: Partial<Pick<TestCustomer, 'email' | 'name'>> = {},
): Promise<TestCustomer> {
  const email = fields.email ?? `customer-${randomBytes(5).toString('hex')}@example.com`;
  const name = fields.name ?? 'Test Customer';
  const rows: Array<{ id: string }> = await app.runtime.dataSource.query(
    'INSERT INTO customers (email, name) VALUES ($1, $2) RETURNING id',
    [email, name],
  );
  return { id: rows[0]!.id, email, name };
}

/** A live session of the customer; returns the session cookie's token. */
export function newSession(app: StartedApp, customerId: string): Promise<string> {
  return app.app.get(SessionsService).create(customerId);
}

export { sessionCookieName } from '../../src/modules/auth/session-cookie.js';
