import { endpoints, type CustomerResponse } from '@animata/contracts';
import type { TestApp } from './app.js';
import { newCustomer, newSession, sessionCookieName } from './factories.js';
import { TestClient } from './http-client.js';

/** A JSON answer of the BFF, with the catalogue's error fields when it refused. */
export interface Answer<T> {
  status: number;
  body: T & { error?: string; errors?: Record<string, string> };
}

/**
 * A new customer signed in to `app` (billing tests): `call` posts JSON and reads the answer,
 * `me` reads the customer object.
 */
export async function signedInCustomer(
  app: TestApp,
  overrides: { twoFactorEnabled?: boolean } = {},
) {
  const customer = await newCustomer(app.runtime.dataSource, overrides);
  const client = new TestClient(app.url);
  client.setCookie(sessionCookieName(app.runtime.config), await newSession(app, customer.id));
  const call = async <T>(path: string, body?: unknown): Promise<Answer<T>> => {
    const response = await client.post(path, body ?? {});
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : null) as Answer<T>['body'],
    };
  };
  const me = async () =>
    (await (await client.get(endpoints.customer.get.path)).json()) as CustomerResponse;
  return { customer, client, call, me };
}
