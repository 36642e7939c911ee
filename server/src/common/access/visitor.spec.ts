import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AccessRepository } from './access.repository.js';
import { AccessService } from './access.service.js';
import { Permission, VISITOR } from './permission.js';

/**
 * A visitor (nobody signed in, issue 31) holds only the public link's permission: every other
 * check answers none of the ids without asking the database.
 */
describe('the access of a visitor', () => {
  const id = 'a'.repeat(32);
  const asked: string[] = [];
  const repository = new Proxy(
    {},
    {
      get:
        (_target, name: string) =>
        async (...args: unknown[]) => {
          asked.push(name);
          const ids = args.find((arg) => arg instanceof Set) as Set<string>;
          return new Set(ids);
        },
    },
  ) as AccessRepository;
  const access = new AccessService(repository);

  it('may play a project by its public link: the public check decides', async () => {
    asked.length = 0;
    assert.deepEqual(
      await access.check(VISITOR, Permission.PublicProjectRead, [id]),
      new Set([id]),
    );
    assert.deepEqual(asked, ['publicProjects']);
  });

  it('passes no check that needs an account, without a query', async () => {
    asked.length = 0;
    for (const permission of Object.values(Permission)) {
      if (permission === Permission.PublicProjectRead) continue;
      assert.deepEqual(await access.check(VISITOR, permission, [id]), new Set(), permission);
    }
    assert.deepEqual(asked, []);
    await assert.rejects(access.require(VISITOR, Permission.ProjectRead, [id]));
  });
});
