import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { StartedApp } from '../../src/app/create-app.js';
import { CustomerEntity } from '../../src/modules/customers/index.js';
import {
  type NewSessionMeta,
  sessionCookieName,
  SessionsService,
} from '../../src/modules/sessions/index.js';

/**
 * A customer row with a unique e-mail; no password unless given. The welcome screen is off
 * (it would cover the dashboard of every test); tests of the onboarding turn it on.
 */
export async function newCustomer(
  dataSource: DataSource,
  overrides: Partial<Omit<CustomerEntity, 'createdAt' | 'updatedAt'>> = {},
): Promise<CustomerEntity> {
  const customers = dataSource.getRepository(CustomerEntity);
  const suffix = randomBytes(5).toString('hex');
  const customer = customers.create({
    email: `customer-${suffix}@example.test`,
    name: `Customer ${suffix}`,
    passwordHash: null,
    verifiedAt: new Date(),
    onboardingProjects: false,
    ...overrides,
  });
  return customers.save(customer);
}

/** Signs a customer in on a booted app: a real session, returned as a Cookie header value. */
export async function newSessionCookie(
  app: Pick<StartedApp, 'app' | 'runtime'>,
  customerId: string,
): Promise<string> {
  const token = await app.app.get(SessionsService).create(customerId);
  return `${sessionCookieName(app.runtime.config)}=${encodeURIComponent(token)}`;
}

/** A live session of the customer (with a browser's user agent, say); returns the cookie's token. */
export function newSession(
  app: Pick<StartedApp, 'app'>,
  customerId: string,
  meta: NewSessionMeta = {},
): Promise<string> {
  return app.app.get(SessionsService).create(customerId, meta);
}

export { sessionCookieName } from '../../src/modules/sessions/index.js';

/** A reset-password link's token for the customer, as the recovery mail would carry it. */
export async function newResetToken(
  app: Pick<StartedApp, 'app'>,
  customerId: string,
): Promise<string> {
  const { AuthTokensService } = await import('../../src/modules/auth/auth-tokens.service.js');
  return app.app.get(AuthTokensService).issue(customerId, 'reset-password');
}

/** An argon2id hash of the password, as sign-up would store it. */
export async function passwordHashFor(password: string): Promise<string> {
  const { PasswordHasher } = await import('../../src/modules/auth/password-hasher.js');
  return new PasswordHasher().hash(password);
}
