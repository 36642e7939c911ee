import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  accountMessages,
  apiPaths,
  customerDefaults,
  FREE_LIMITS,
  endpoints,
  type ChangeAccountInfoResponse,
  type CustomerResponse,
} from '@animata/contracts';
import { CustomerEntity } from '../../src/modules/customers/index.js';
import { ProjectEntity } from '../../src/modules/projects/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { sessionCaller } from '../support/http-client.js';
import { newCustomer, newSession, passwordHashFor } from '../support/factories.js';

const STRONG = 'Correct-Horse-9-battery';

describe('the customer object and the name and newsletter rows (issue 16)', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({ web: false });
  });
  after(async () => {
    await app?.stop();
  });

  const call = (method: string, path: string, token: string | null, body?: unknown) =>
    sessionCaller(app)(method, path, token, body);
  const stored = (id: string) =>
    app.runtime.dataSource.getRepository(CustomerEntity).findOneByOrFail({ id });
  const changeInfo = (token: string, body: unknown) =>
    call('POST', endpoints.account.changeAccountInfo.path, token, body);

  it('serves the customer object: real fields, and the free plan, no team and no apps', async () => {
    const customer = await newCustomer(app.runtime.dataSource, {
      passwordHash: await passwordHashFor(STRONG),
    });
    const projects = app.runtime.dataSource.getRepository(ProjectEntity);
    const project = (isDemo: boolean) => ({
      id: randomBytes(16).toString('hex'),
      ownerId: customer.id,
      title: 'Bouncing ball',
      isDemo,
    });
    await projects.insert([project(false), project(false), project(true)]);
    const token = await newSession(app, customer.id);

    const response = await call('GET', endpoints.customer.get.path, token);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const body = (await response.json()) as CustomerResponse;
    assert.deepEqual(body.customer, {
      ...customerDefaults,
      id: customer.id,
      email: customer.email,
      name: customer.name,
      hasPassword: true,
      verified: true,
      unsubscribed: true,
      defaultCoupon: null,
      projects: { limits: { created: 2 } },
      avatar: null,
      billing: { name: '', details: '', include: false },
      storage: { used: 0, limit: FREE_LIMITS.storageMb },
      files: { used: 2, limit: FREE_LIMITS.fileSlots },
    });
    assert.equal(body.links.marketingSite, app.runtime.config.links.marketingSite);
    assert.match(body.links.editor, /\/editor#\/$/);
    // No tag manager unless GOOGLE_TAG_MANAGER_ID is set (the pages send events to the server only).
    assert.deepEqual(body.analytics, { tagManagerId: null });
  });

  it('answers 401 without a session, for the object and for a change', async () => {
    assert.equal((await call('GET', endpoints.customer.get.path, null)).status, 401);
    assert.equal((await call('GET', endpoints.customer.get.path, 'f'.repeat(43))).status, 401);
    assert.equal((await changeInfo('', { name: 'Mallory' })).status, 401);
  });

  it('saves a trimmed name and answers it with the newsletter choice', async () => {
    const customer = await newCustomer(app.runtime.dataSource);
    const token = await newSession(app, customer.id);
    const response = await changeInfo(token, { name: '  Ada Lovelace  ' });
    assert.equal(response.status, 200);
    assert.deepEqual((await response.json()) as ChangeAccountInfoResponse, {
      name: 'Ada Lovelace',
      unsubscribed: true,
    });
    assert.equal((await stored(customer.id)).name, 'Ada Lovelace');
    const session = (await (await call('GET', apiPaths.session, token)).json()) as {
      name: string;
    };
    assert.equal(session.name, 'Ada Lovelace');
  });

  it('refuses a bad name with the row label (§5) and leaves the name as it was', async () => {
    const customer = await newCustomer(app.runtime.dataSource);
    const token = await newSession(app, customer.id);
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ name: '' }, { name: 'Account name is required' }],
      [{ name: '   ' }, { name: 'Account name is required' }],
      [{ name: 42 }, { name: 'Account name is required' }],
      [{ name: 'x'.repeat(101) }, { name: 'Account name must be at most 100 characters long' }],
      [{ name: 'Ada\u0007' }, { name: accountMessages.nameNotValid }],
      [{ name: 'Ada\nLovelace' }, { name: accountMessages.nameNotValid }],
      [{}, { '.': accountMessages.nothingToChange }],
      [{ unsubscribed: 'yes' }, { unsubscribed: 'unsubscribed must be a boolean value' }],
    ];
    for (const [body, errors] of cases) {
      const response = await changeInfo(token, body);
      assert.equal(response.status, 422, JSON.stringify(body));
      const answer = (await response.json()) as { errors: Record<string, string> };
      assert.deepEqual(answer.errors, errors, JSON.stringify(body));
    }
    const unknown = await changeInfo(token, { name: 'Ada', isAdmin: true });
    assert.equal(unknown.status, 422);
    // NUL never reaches the rules: the JSON reader refuses it for every call (issue 15).
    assert.equal((await changeInfo(token, { name: 'Ada\u0000' })).status, 400);
    const after = await stored(customer.id);
    assert.equal(after.name, customer.name);
    assert.equal(after.newsletterUnsubscribed, true);
  });

  it('records the newsletter choice and when it was made', async () => {
    const customer = await newCustomer(app.runtime.dataSource);
    const token = await newSession(app, customer.id);
    const on = await changeInfo(token, { unsubscribed: false });
    assert.deepEqual(await on.json(), { name: customer.name, unsubscribed: false });
    const row = await stored(customer.id);
    assert.equal(row.newsletterUnsubscribed, false);
    assert.ok(row.newsletterChangedAt instanceof Date);
    const object = (await (await call('GET', endpoints.customer.get.path, token)).json()) as {
      customer: { unsubscribed: boolean };
    };
    assert.equal(object.customer.unsubscribed, false);
    const off = await changeInfo(token, { unsubscribed: true });
    assert.deepEqual(await off.json(), { name: customer.name, unsubscribed: true });
  });

  it("changes only the cookie holder's own account, whatever the body names", async () => {
    const alice = await newCustomer(app.runtime.dataSource);
    const bob = await newCustomer(app.runtime.dataSource);
    const bobs = await newSession(app, bob.id);
    const response = await changeInfo(bobs, { name: 'Bob' });
    assert.equal(response.status, 200);
    // No field can name another customer: an id in the body is refused as unknown.
    assert.equal((await changeInfo(bobs, { name: 'Eve', id: alice.id })).status, 422);
    assert.equal((await stored(alice.id)).name, alice.name);
    assert.equal((await stored(bob.id)).name, 'Bob');
    const object = (await (await call('GET', endpoints.customer.get.path, bobs)).json()) as {
      customer: { id: string };
    };
    assert.equal(object.customer.id, bob.id);
  });

  it('ends every other session of the customer after a password change', async () => {
    const customer = await newCustomer(app.runtime.dataSource, {
      passwordHash: await passwordHashFor(STRONG),
    });
    const here = await newSession(app, customer.id);
    const elsewhere = await newSession(app, customer.id);
    const refused = await call('POST', endpoints.account.changePassword.path, here, {
      old_password: 'Wrong-Horse-9-battery',
      password: 'New-Horse-9-battery',
    });
    assert.equal(refused.status, 422);
    assert.equal((await call('GET', apiPaths.session, elsewhere)).status, 200);
    const response = await call('POST', endpoints.account.changePassword.path, here, {
      old_password: STRONG,
      password: 'New-Horse-9-battery',
    });
    assert.equal(response.status, 200);
    assert.equal((await call('GET', apiPaths.session, elsewhere)).status, 401);
    assert.equal((await call('GET', apiPaths.session, here)).status, 200);
  });
});
