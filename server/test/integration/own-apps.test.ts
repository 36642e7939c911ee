import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  APP_KEY_LENGTH,
  appsMessages,
  catalogueMessages,
  displayAppId,
  endpoints,
  fillPath,
  isSecretKeyShape,
  MAX_REDIRECT_URIS,
  type CustomerResponse,
  type OwnApp,
  type OwnAppsResponse,
} from '@animata/contracts';
import { AppRegistry } from '../../src/modules/apps/app-registry.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { cookieCaller } from '../support/http-client.js';
import { newApp, newCustomer, newSessionCookie } from '../support/factories.js';

type Refusal = { errors?: Record<string, string>; error?: string; requestId?: string };
type Answer = OwnAppsResponse & Refusal;

describe('own apps (billing-teams-apps §5-§7; decisions 80, 81, 83, 84)', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ web: false });
  });
  after(async () => {
    await app?.stop();
  });

  const db = () => app.runtime.dataSource;
  const withId = (path: string, id: string) => fillPath(path, { params: { id } });
  const { ownApps } = endpoints;

  async function signedIn(options: { developer?: boolean } = {}) {
    const customer = await newCustomer(db(), {
      developerSince: options.developer === false ? null : new Date(),
    });
    const call = cookieCaller(app, await newSessionCookie(app, customer.id));
    return { customer, call };
  }
  const only = (answer: { body: Answer }, id: string): OwnApp => {
    const found = answer.body.ownApps.find((row) => row.id === id);
    assert.ok(found, `app ${id} in the answer`);
    return found;
  };

  it('creates an app for a developer: admin, secret in full once, masked (null) after', async () => {
    const { call } = await signedIn();
    const created = await call<Answer>('POST', ownApps.create.path, {
      type: 'app',
      name: ' Mine ',
    });
    assert.equal(created.status, 201);
    const [row] = created.body.ownApps;
    assert.equal(row!.name, 'Mine');
    assert.equal(row!.role, 'admin');
    assert.ok(isSecretKeyShape(row!.secret));
    assert.equal(row!.secret!.length, APP_KEY_LENGTH);
    assert.equal(displayAppId(row!.id).length, APP_KEY_LENGTH);
    assert.equal(row!.secretHint, row!.secret!.slice(-4));
    assert.deepEqual(row!.managers, {});
    assert.equal(row!.secretLastUsed, null);
    const stored = await db().query(`SELECT secret_hash FROM apps WHERE id = $1`, [row!.id]);
    assert.notEqual(stored[0].secret_hash, row!.secret, 'only the hash is stored');

    const listed = await call<Answer>('GET', ownApps.list.path);
    assert.equal(listed.status, 200);
    assert.equal(only(listed, row!.id).secret, null);
    assert.equal(only(listed, row!.id).secretHint, row!.secretHint);

    const second = await call<Answer>('POST', ownApps.create.path, { type: 'app', name: 'Later' });
    assert.deepEqual(
      second.body.ownApps.map((one) => one.name),
      ['Later', 'Mine'],
      'newest first',
    );
    assert.equal(only(second, row!.id).secret, null, 'only the new app’s secret is shown');
  });

  it('refuses to create without the developer grant (403), and checks the name', async () => {
    const { call } = await signedIn({ developer: false });
    // Every answer says whether the customer may create apps, so the page can say so first.
    const listed = await call<Answer>('GET', ownApps.list.path);
    assert.equal(listed.body.canCreateApps, false);
    const refused = await call<Refusal>('POST', ownApps.create.path, { type: 'app', name: 'X' });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error, appsMessages.notADeveloper);
    assert.ok(refused.body.requestId);

    const dev = await signedIn();
    assert.equal((await dev.call<Answer>('GET', ownApps.list.path)).body.canCreateApps, true);
    const blank = await dev.call<Refusal>('POST', ownApps.create.path, { name: '  \t ' });
    assert.equal(blank.status, 422);
    assert.equal(blank.body.errors!.name, appsMessages.nameOnlyWhitespace);
    const long = await dev.call<Refusal>('POST', ownApps.create.path, { name: 'x'.repeat(256) });
    assert.equal(long.status, 422);
    assert.equal(long.body.errors!.name, appsMessages.nameMaxLength);
    const fits = await dev.call<Answer>('POST', ownApps.create.path, { name: 'é'.repeat(255) });
    assert.equal(fits.status, 201);
  });

  it('renames, edits redirect URIs and origins (exact, validated), regenerates and deletes', async () => {
    const { customer, call } = await signedIn();
    const made = await newApp(db(), customer.id);
    const renamed = await call<Answer>('PUT', withId(ownApps.update.path, made.id), {
      name: 'Renamed',
      redirectUris: ['https://example.com/callback?x=1', 'http://127.0.0.1:8080/cb'],
      origins: ['https://example.com', 'http://localhost:5173'],
    });
    assert.equal(renamed.status, 200);
    const row = only(renamed, made.id);
    assert.equal(row.name, 'Renamed');
    assert.deepEqual(row.redirectUris, [
      'https://example.com/callback?x=1',
      'http://127.0.0.1:8080/cb',
    ]);
    assert.deepEqual(row.origins, ['https://example.com', 'http://localhost:5173']);

    const bad: Array<[string, unknown]> = [
      ['redirectUris', ['http://example.com/cb']],
      ['redirectUris', ['https://user:pw@example.com/cb']],
      ['redirectUris', ['https://example.com/cb#frag']],
      ['redirectUris', ['HTTPS://EXAMPLE.com/cb']],
      ['redirectUris', ['https://example.com']],
      ['redirectUris', ['/relative']],
      ['redirectUris', ['javascript:alert(1)']],
      ['redirectUris', ['http://127.0.0.2/cb']],
      ['origins', ['https://example.com/']],
      ['origins', ['http://example.com']],
      ['origins', ['https://example.com/path']],
      ['origins', ['null']],
    ];
    for (const [field, value] of bad) {
      const refused = await call<Refusal>('PUT', withId(ownApps.update.path, made.id), {
        [field]: value,
      });
      assert.equal(refused.status, 422, JSON.stringify(value));
      assert.ok(refused.body.errors![field], `${JSON.stringify(value)} keyed ${field}`);
    }
    const tooMany = await call<Refusal>('PUT', withId(ownApps.update.path, made.id), {
      redirectUris: Array.from(
        { length: MAX_REDIRECT_URIS + 1 },
        (_, n) => `https://example.com/${n}`,
      ),
    });
    assert.equal(tooMany.status, 422);
    assert.ok(tooMany.body.errors!.redirectUris);
    const unchanged = await call<Answer>('GET', ownApps.list.path);
    assert.equal(only(unchanged, made.id).redirectUris.length, 2, 'a refused edit changes nothing');

    const regenerated = await call<Answer>('POST', withId(ownApps.regenerateSecret.path, made.id));
    assert.equal(regenerated.status, 200);
    const fresh = only(regenerated, made.id).secret;
    assert.ok(isSecretKeyShape(fresh));
    assert.notEqual(fresh, made.secret);

    const deleted = await call<Answer>('DELETE', withId(ownApps.delete.path, made.id));
    assert.equal(deleted.status, 200);
    assert.equal(
      deleted.body.ownApps.find((one) => one.id === made.id),
      undefined,
    );
    const again = await call<Refusal>('DELETE', withId(ownApps.delete.path, made.id));
    assert.equal(again.status, 404);
  });

  it('keeps the previous secret working for the overlap only, then refuses it', async () => {
    const { customer, call } = await signedIn();
    const made = await newApp(db(), customer.id);
    const registry = app.app.get(AppRegistry);
    const now = () => new Date();
    assert.ok(await registry.authenticateClient(made.appId, made.secret, now()));
    const regenerated = await call<Answer>('POST', withId(ownApps.regenerateSecret.path, made.id));
    const fresh = only(regenerated, made.id).secret!;
    assert.ok(await registry.authenticateClient(made.appId, fresh, now()));
    assert.ok(
      await registry.authenticateClient(made.appId, made.secret, now()),
      'the old secret within the hour',
    );
    const lastUsed = await call<Answer>('GET', ownApps.list.path);
    assert.ok(only(lastUsed, made.id).secretLastUsed, 'the table shows the last use');
    await db().query(
      `UPDATE apps SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`,
      [made.id],
    );
    assert.equal(await registry.authenticateClient(made.appId, made.secret, now()), null);
    assert.ok(await registry.authenticateClient(made.appId, fresh, now()));
  });

  it('adds managers by e-mail (trimmed, any case), re-roles them, and removes them', async () => {
    const admin = await signedIn();
    const bob = await signedIn({ developer: false });
    const made = await newApp(db(), admin.customer.id);
    const added = await admin.call<Answer>('POST', ownApps.addManager.path, {
      type: 'manager',
      app: made.appId,
      email: `  ${bob.customer.email.toUpperCase()} `,
      role: 'manager',
    });
    assert.equal(added.status, 200);
    const managers = only(added, made.id).managers;
    assert.deepEqual(Object.keys(managers), [bob.customer.email]);
    assert.equal(managers[bob.customer.email]!.role, 'manager');
    assert.equal(managers[bob.customer.email]!.customer_id, bob.customer.id);

    // The manager sees the app with the role manager, a masked secret, and the admin listed.
    const seen = await bob.call<Answer>('GET', ownApps.list.path);
    const asManager = only(seen, made.id);
    assert.equal(asManager.role, 'manager');
    assert.equal(asManager.secret, null);
    assert.deepEqual(Object.keys(asManager.managers), [admin.customer.email]);
    const customer = await bob.call<CustomerResponse>('GET', endpoints.customer.get.path);
    assert.equal(customer.body.customer.isAdmin, true, 'a manager sees the tab');
    const developer = await admin.call<CustomerResponse>('GET', endpoints.customer.get.path);
    assert.equal(developer.body.customer.isAdmin, true, 'a developer sees the tab');
    const nobody = await signedIn({ developer: false });
    const plain = await nobody.call<CustomerResponse>('GET', endpoints.customer.get.path);
    assert.equal(plain.body.customer.isAdmin, false);

    // The stored id works as well as ai_…; an existing member gets the new role.
    const promoted = await admin.call<Answer>('POST', ownApps.addManager.path, {
      type: 'manager',
      app: made.id,
      email: bob.customer.email,
      role: 'admin',
    });
    assert.equal(only(promoted, made.id).managers[bob.customer.email]!.role, 'admin');

    const unknown = await admin.call<Refusal>('POST', ownApps.addManager.path, {
      app: made.appId,
      email: 'nobody-here@example.test',
      role: 'manager',
    });
    assert.equal(unknown.status, 422);
    assert.equal(unknown.body.errors!.email, appsMessages.noSuchCustomer);
    const malformed = await admin.call<Refusal>('POST', ownApps.addManager.path, {
      app: made.appId,
      email: 'not an address',
      role: 'manager',
    });
    assert.equal(malformed.status, 422);
    assert.equal(malformed.body.errors!.email, appsMessages.managerEmailNotValid);
    const tooLong = await admin.call<Refusal>('POST', ownApps.addManager.path, {
      app: made.appId,
      email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}.test`,
      role: 'manager',
    });
    assert.equal(tooLong.status, 422);

    const membership = managers[bob.customer.email]!.id;
    const removed = await admin.call<Answer>(
      'DELETE',
      withId(ownApps.removeManager.path, membership),
    );
    assert.equal(removed.status, 200);
    assert.deepEqual(only(removed, made.id).managers, {});
    const gone = await bob.call<Answer>('GET', ownApps.list.path);
    assert.deepEqual(gone.body.ownApps, []);
  });

  it('lets managers only list: every admin call on their app answers 404 (decision 83)', async () => {
    const admin = await signedIn();
    const manager = await signedIn({ developer: false });
    const made = await newApp(db(), admin.customer.id, {
      members: [{ customerId: manager.customer.id, role: 'manager' }],
    });
    const listed = await admin.call<Answer>('GET', ownApps.list.path);
    const adminMembership = Object.values(only(listed, made.id).managers)[0]!.id;
    const ownMembership = (
      await db().query(`SELECT id FROM app_members WHERE app_id = $1 AND role = 'admin'`, [made.id])
    )[0].id as string;
    assert.ok(adminMembership);
    const attempts: Array<[string, string, unknown?]> = [
      ['PUT', withId(ownApps.update.path, made.id), { name: 'Mine now' }],
      ['PUT', withId(ownApps.update.path, made.id), { redirectUris: ['https://evil.test/cb'] }],
      ['DELETE', withId(ownApps.delete.path, made.id)],
      ['POST', withId(ownApps.regenerateSecret.path, made.id)],
      [
        'POST',
        ownApps.addManager.path,
        { app: made.appId, email: manager.customer.email, role: 'admin' },
      ],
      ['DELETE', withId(ownApps.removeManager.path, ownMembership)],
    ];
    for (const [method, path, body] of attempts) {
      const refused = await manager.call<Refusal>(method, path, body);
      assert.equal(refused.status, 404, `${method} ${path}`);
      assert.equal(refused.body.error, catalogueMessages.notFound);
    }
    const after = await admin.call<Answer>('GET', ownApps.list.path);
    assert.equal(only(after, made.id).name, made.name, 'nothing changed');
  });

  it('answers 404 to strangers on every call, for real and made-up ids', async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const made = await newApp(db(), owner.customer.id);
    const membership = (
      await db().query(`SELECT id FROM app_members WHERE app_id = $1`, [made.id])
    )[0].id as string;
    for (const id of [made.id, made.appId, 'x'.repeat(29), 'not-an-id']) {
      for (const [method, path, body] of [
        ['PUT', withId(ownApps.update.path, id), { name: 'x' }],
        ['DELETE', withId(ownApps.delete.path, id)],
        ['POST', withId(ownApps.regenerateSecret.path, id)],
      ] as Array<[string, string, unknown?]>) {
        const refused = await stranger.call<Refusal>(method, path, body);
        assert.equal(refused.status, 404, `${method} ${path}`);
      }
    }
    for (const app of [made.id, made.appId, 'ai_nothing', '']) {
      const refused = await stranger.call<Refusal>('POST', ownApps.addManager.path, {
        app,
        email: stranger.customer.email,
        role: 'admin',
      });
      assert.ok(refused.status === 404 || refused.status === 422, app);
      assert.notEqual(refused.status, 200);
    }
    for (const id of [membership, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const refused = await stranger.call<Refusal>(
        'DELETE',
        withId(ownApps.removeManager.path, id),
      );
      assert.equal(refused.status, 404, id);
    }
    const listed = await stranger.call<Answer>('GET', ownApps.list.path);
    assert.deepEqual(listed.body.ownApps, []);
    const still = await owner.call<Answer>('GET', ownApps.list.path);
    assert.equal(only(still, made.id).name, made.name);
  });

  it('never removes or demotes the last admin, also when two admins remove each other at once', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const made = await newApp(db(), alice.customer.id);
    const aliceMembership = (
      await db().query(`SELECT id FROM app_members WHERE app_id = $1`, [made.id])
    )[0].id as string;
    const removeSelf = await alice.call<Refusal>(
      'DELETE',
      withId(ownApps.removeManager.path, aliceMembership),
    );
    assert.equal(removeSelf.status, 422);
    assert.equal(removeSelf.body.errors!['.'], appsMessages.lastAdmin);
    const demoteSelf = await alice.call<Refusal>('POST', ownApps.addManager.path, {
      app: made.appId,
      email: alice.customer.email,
      role: 'manager',
    });
    assert.equal(demoteSelf.status, 422);
    assert.equal(demoteSelf.body.errors!['.'], appsMessages.lastAdmin);

    for (let round = 0; round < 5; round += 1) {
      const race = await newApp(db(), alice.customer.id, {
        members: [{ customerId: bob.customer.id, role: 'admin' }],
      });
      const rows: Array<{ id: string; customer_id: string }> = await db().query(
        `SELECT id, customer_id FROM app_members WHERE app_id = $1`,
        [race.id],
      );
      const of = (customerId: string) => rows.find((row) => row.customer_id === customerId)!.id;
      const [first, second] = await Promise.all([
        alice.call<Refusal>('DELETE', withId(ownApps.removeManager.path, of(bob.customer.id))),
        bob.call<Refusal>('DELETE', withId(ownApps.removeManager.path, of(alice.customer.id))),
      ]);
      const statuses = [first.status, second.status].sort();
      // The one that ran second finds itself no admin any more (404) or the other the last (422).
      assert.equal(statuses[0], 200, JSON.stringify([first.body, second.body]));
      assert.ok([404, 422].includes(statuses[1]!), JSON.stringify([first.body, second.body]));
      const admins = await db().query(
        `SELECT count(*)::int AS n FROM app_members WHERE app_id = $1 AND role = 'admin'`,
        [race.id],
      );
      assert.equal(admins[0].n, 1, 'one admin is left');
    }
  });

  it('answers hostile bodies with a 4xx in the catalogue shape, and 401 signed out', async () => {
    const { customer, call } = await signedIn();
    const made = await newApp(db(), customer.id);
    const bodies: Array<[string, string, unknown]> = [
      ['POST', ownApps.create.path, {}],
      ['POST', ownApps.create.path, { name: 42 }],
      ['POST', ownApps.create.path, { name: ['a'] }],
      ['POST', ownApps.create.path, { name: 'ok', type: 'manager' }],
      ['POST', ownApps.create.path, { name: 'ok', extra: true }],
      ['POST', ownApps.create.path, { name: { $gt: '' } }],
      ['PUT', withId(ownApps.update.path, made.id), { redirectUris: 'https://a.test/cb' }],
      ['PUT', withId(ownApps.update.path, made.id), { redirectUris: [1] }],
      ['PUT', withId(ownApps.update.path, made.id), { origins: [null] }],
      ['PUT', withId(ownApps.update.path, made.id), { redirectUris: ['x'.repeat(5000)] }],
      ['PUT', withId(ownApps.update.path, made.id), { name: '' }],
      ['POST', ownApps.addManager.path, { app: made.appId, email: customer.email }],
      ['POST', ownApps.addManager.path, { app: made.appId, email: customer.email, role: 'root' }],
      ['POST', ownApps.addManager.path, { app: 7, email: customer.email, role: 'admin' }],
      ['POST', ownApps.addManager.path, []],
    ];
    for (const [method, path, body] of bodies) {
      const refused = await call<Refusal>(method, path, body);
      assert.ok(
        refused.status >= 400 && refused.status < 500,
        `${JSON.stringify(body)}: ${refused.status}`,
      );
      assert.ok(refused.body.requestId, JSON.stringify(refused.body));
      assert.ok(refused.body.errors || refused.body.error, JSON.stringify(refused.body));
    }

    const signedOut = cookieCaller(app, '');
    for (const [method, path] of [
      ['GET', ownApps.list.path],
      ['POST', ownApps.create.path],
      ['DELETE', withId(ownApps.delete.path, made.id)],
      ['POST', ownApps.addManager.path],
    ] as const) {
      const refused = await signedOut<Refusal>(method, path, method === 'POST' ? {} : undefined);
      assert.equal(refused.status, 401, `${method} ${path}`);
      assert.equal(refused.body.error, catalogueMessages.loggedOut);
    }
  });
});
