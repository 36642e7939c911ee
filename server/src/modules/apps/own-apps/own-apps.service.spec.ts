import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  appsMessages,
  isSecretKeyShape,
  originProblem,
  redirectUriProblem,
} from '@animata/contracts';
import type { AccessService } from '../../../common/access/index.js';
import { CommonException } from '../../../common/errors/common.exception.js';
import { hashToken } from '../../../common/ids.js';
import type { CustomersRepository } from '../../customers/index.js';
import { OwnAppsException } from './own-apps.exception.js';
import type {
  MembershipChange,
  NewAppRow,
  OwnAppRecord,
  OwnAppsRepository,
} from './own-apps.repository.js';
import { listProblem, OwnAppsService, toOwnApp } from './own-apps.service.js';

const ALICE = { customerId: 'alice' };
const APP = 'a'.repeat(29);

function record(overrides: Partial<OwnAppRecord> = {}): OwnAppRecord {
  return {
    id: APP,
    name: 'Mine',
    secret_hint: 'wxyz',
    secret_created_at: new Date('2026-01-02T03:04:05Z'),
    secret_last_used_at: null,
    redirect_uris: [],
    origins: [],
    created_at: new Date('2026-01-01T00:00:00Z'),
    role: 'admin',
    others: [],
    ...overrides,
  };
}

/** A service over fakes: the access check grants `allowed`, the repository records its calls. */
function service(
  options: {
    allowed?: string[];
    developer?: boolean;
    change?: MembershipChange;
    customer?: boolean;
  } = {},
) {
  const calls: Array<[string, unknown[]]> = [];
  const access = {
    require: async (_actor: unknown, permission: string, ids: string[]) => {
      calls.push(['require', [permission, ...ids]]);
      if (!ids.every((id) => options.allowed?.includes(id))) throw CommonException.notFound();
    },
  } as unknown as AccessService;
  let created: NewAppRow | undefined;
  const repository = {
    listFor: async () => [record({ id: created?.id ?? APP })],
    isDeveloper: async () => options.developer ?? false,
    create: async (_admin: string, row: NewAppRow) => {
      created = row;
      calls.push(['create', [row.name]]);
    },
    update: async (...args: unknown[]) => calls.push(['update', args]),
    delete: async (...args: unknown[]) => calls.push(['delete', args]),
    replaceSecret: async (...args: unknown[]) => calls.push(['replaceSecret', args]),
    setMember: async (...args: unknown[]) => {
      calls.push(['setMember', args]);
      return options.change ?? 'done';
    },
    removeMember: async (...args: unknown[]) => {
      calls.push(['removeMember', args]);
      return options.change ?? 'done';
    },
  } as unknown as OwnAppsRepository;
  const customers = {
    findByEmail: async () => (options.customer === false ? null : { id: 'bob' }),
  } as unknown as CustomersRepository;
  return { own: new OwnAppsService(access, repository, customers), calls, created: () => created };
}

const refusedWith = (status: number, field: string, message: string) => (error: unknown) =>
  (error instanceof OwnAppsException || error instanceof CommonException) &&
  error.status === status &&
  (error.fieldErrors?.[field] ?? error.message) === message;

describe('OwnAppsService', () => {
  it('refuses to create an app without the developer grant', async () => {
    const { own, calls } = service({ developer: false });
    await assert.rejects(
      own.create(ALICE, { name: 'New' }),
      refusedWith(403, 'none', appsMessages.notADeveloper),
    );
    assert.deepEqual(calls, []);
  });

  it('creates with a fresh sk_ secret, stores only its hash and shows it in that answer', async () => {
    const { own, created } = service({ developer: true });
    const { ownApps } = await own.create(ALICE, { name: '  New  ' });
    const row = created()!;
    assert.equal(row.name, 'New');
    assert.ok(isSecretKeyShape(ownApps[0]!.secret));
    assert.equal(row.secretHash, hashToken(ownApps[0]!.secret!));
    assert.equal(row.secretHint, ownApps[0]!.secret!.slice(-4));
  });

  it('checks names as the spec words them, counting characters as PostgreSQL does', async () => {
    const { own } = service({ developer: true, allowed: [APP] });
    await assert.rejects(
      own.create(ALICE, { name: ' \t ' }),
      refusedWith(422, 'name', appsMessages.nameOnlyWhitespace),
    );
    await assert.rejects(
      own.update(ALICE, APP, { name: '😀'.repeat(256) }),
      refusedWith(422, 'name', appsMessages.nameMaxLength),
    );
    await own.update(ALICE, APP, { name: '😀'.repeat(255) });
  });

  it('checks access first: an app the actor does not administer is a 404 before anything', async () => {
    const { own, calls } = service({ allowed: [] });
    for (const call of [
      () => own.update(ALICE, APP, { name: 'x' }),
      () => own.delete(ALICE, APP),
      () => own.regenerateSecret(ALICE, APP),
      () => own.addManager(ALICE, { app: `ai_${APP}`, email: 'b@x.test', role: 'manager' }),
      () => own.removeManager(ALICE, 'membership'),
    ])
      await assert.rejects(call(), refusedWith(404, 'none', CommonException.notFound().message));
    assert.ok(calls.every(([kind]) => kind === 'require'));
  });

  it('validates redirect URIs and origins, keyed by their field, duplicates folded', async () => {
    const { own, calls } = service({ allowed: [APP] });
    await assert.rejects(
      own.update(ALICE, APP, { redirectUris: ['http://example.com/cb'] }),
      refusedWith(422, 'redirectUris', redirectUriProblem('http://example.com/cb')!),
    );
    await assert.rejects(
      own.update(ALICE, APP, { origins: ['https://example.com/'] }),
      refusedWith(422, 'origins', originProblem('https://example.com/')!),
    );
    await own.update(ALICE, APP, {
      redirectUris: ['https://example.com/cb', 'https://example.com/cb'],
    });
    assert.deepEqual(calls.at(-1), [
      'update',
      [APP, { name: undefined, redirectUris: ['https://example.com/cb'], origins: undefined }],
    ]);
  });

  it('adds managers by e-mail: unknown e-mail 422, last admin 422', async () => {
    const unknown = service({ allowed: [APP], customer: false });
    await assert.rejects(
      unknown.own.addManager(ALICE, { app: `ai_${APP}`, email: 'x@x.test', role: 'manager' }),
      refusedWith(422, 'email', appsMessages.noSuchCustomer),
    );
    const last = service({ allowed: [APP], change: 'last-admin' });
    await assert.rejects(
      last.own.addManager(ALICE, { app: APP, email: 'me@x.test', role: 'manager' }),
      refusedWith(422, '.', appsMessages.lastAdmin),
    );
    const removing = service({ allowed: ['m1'], change: 'last-admin' });
    await assert.rejects(
      removing.own.removeManager(ALICE, 'm1'),
      refusedWith(422, '.', appsMessages.lastAdmin),
    );
    const malformed = service({ allowed: [APP] });
    await assert.rejects(
      malformed.own.addManager(ALICE, { app: 'ai_nope', email: 'x@x.test', role: 'manager' }),
      (error: unknown) => error instanceof CommonException && error.status === 404,
    );
  });

  it('shows the secret only for the app that just got it, and managers keyed by e-mail', () => {
    const row = record({
      others: [{ id: 'm1', role: 'manager', customer_id: 'bob', email: 'bob@x.test' }],
    });
    const shown = toOwnApp(row, { appId: APP, secret: 'sk_x' });
    assert.equal(shown.secret, 'sk_x');
    assert.equal(toOwnApp(row, { appId: 'other', secret: 'sk_x' }).secret, null);
    assert.equal(toOwnApp(row).secret, null);
    assert.deepEqual(shown.managers, {
      'bob@x.test': { id: 'm1', role: 'manager', customer_id: 'bob' },
    });
    assert.equal(shown.created, '2026-01-01T00:00:00.000Z');
  });

  it('answers the first problem of a list', () => {
    assert.equal(listProblem('origins', ['https://a.test'], originProblem), null);
    assert.ok(listProblem('origins', ['https://a.test', 'ftp://b'], originProblem));
  });
});
