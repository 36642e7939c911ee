import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CommonException } from '../errors/common.exception.js';
import type { AccessRepository } from './access.repository.js';
import { AccessService } from './access.service.js';
import { Permission } from './permission.js';

const ALICE = { customerId: 'alice' };

/** A repository that grants the listed ids per check, and records each query it was asked. */
function repositoryGranting(granted: {
  customers?: string[];
  sessions?: string[];
  avatars?: string[];
  appAuthorizations?: string[];
}) {
  const asked: Array<[string, string, string[]]> = [];
  const grant =
    (kind: string, list: string[] | undefined) =>
    async (actorId: string, ids: ReadonlySet<string>) => {
      asked.push([kind, actorId, [...ids]]);
      return new Set([...ids].filter((id) => list?.includes(id)));
    };
  const repository = {
    customersActorIs: grant('customers', granted.customers),
    sessionsOfActor: grant('sessions', granted.sessions),
    avatarsOfActor: grant('avatars', granted.avatars),
    projectsOfActor: async (actorId: string, ids: ReadonlySet<string>, options: object) => {
      asked.push([`projects ${JSON.stringify(options)}`, actorId, [...ids]]);
      return new Set<string>();
    },
    projectsReadableBy: grant('readable', []),
    projectsEditableBy: grant('editable', []),
    projectsMovableBy: grant('movable', []),
    projectsSharedWith: grant('projects shared', []),
    labelsSharedWith: async (actorId: string, ids: ReadonlySet<string>, level: string) => {
      asked.push([`labels shared ${level}`, actorId, [...ids]]);
      return new Set<string>();
    },
    shareGrantsManagedBy: grant('share grants', []),
    teamSharesRemovableBy: grant('team shares removable', []),
    demoOriginals: async (ids: ReadonlySet<string>) => {
      asked.push(['demo originals', '', [...ids]]);
      return new Set<string>();
    },
    demoCopiesOfActor: grant('demo copies', []),
    labelsOfActor: grant('labels', []),
    appsOfActor: async (actorId: string, ids: ReadonlySet<string>, options: object) => {
      asked.push([`apps ${JSON.stringify(options)}`, actorId, [...ids]]);
      return new Set<string>();
    },
    appMembershipsAdministeredBy: grant('app memberships', []),
    appAuthorizationsOfActor: grant('app authorizations', granted.appAuthorizations),
    teamsOfActor: async (actorId: string, ids: ReadonlySet<string>, role: string) => {
      asked.push([`teams ${role}`, actorId, [...ids]]);
      return new Set<string>();
    },
    teamsPaidBy: grant('teams paid', []),
    teamMembershipsRemovableBy: grant('team memberships removable', []),
    teamMembershipsVisibleTo: grant('team memberships visible', []),
    teamInvitesOfActor: async (actorId: string, ids: ReadonlySet<string>, role: string) => {
      asked.push([`team invites ${role}`, actorId, [...ids]]);
      return new Set<string>();
    },
    teamInvitesToActor: grant('team invites to actor', []),
    labelsSharedWithActorTeams: grant('labels shared with teams', []),
  } as unknown as AccessRepository;
  return { repository, asked };
}

describe('AccessService', () => {
  it('asks the permission’s own check once for the whole set, duplicates folded', async () => {
    const { repository, asked } = repositoryGranting({ sessions: ['s1', 's2'] });
    const access = new AccessService(repository);
    const allowed = await access.check(ALICE, Permission.SessionDelete, ['s1', 's3', 's1']);
    assert.deepEqual([...allowed], ['s1']);
    assert.deepEqual(asked, [['sessions', 'alice', ['s1', 's3']]]);
  });

  it('maps account updates to the customers check', async () => {
    const { repository, asked } = repositoryGranting({ customers: ['alice'] });
    const access = new AccessService(repository);
    await access.require(ALICE, Permission.AccountUpdate, ['alice']);
    assert.deepEqual(asked, [['customers', 'alice', ['alice']]]);
  });

  it('maps avatar removal to the avatars check, and answers 404 for another’s avatar', async () => {
    const { repository, asked } = repositoryGranting({ avatars: ['own'] });
    const access = new AccessService(repository);
    await access.require(ALICE, Permission.AvatarDelete, ['own']);
    await assert.rejects(
      access.require(ALICE, Permission.AvatarDelete, ['theirs']),
      (error: unknown) => error instanceof CommonException && error.status === 404,
    );
    assert.deepEqual(asked[0], ['avatars', 'alice', ['own']]);
  });

  it('maps the projects dashboard’s permissions to their checks, demos left out of delete', async () => {
    const { repository, asked } = repositoryGranting({});
    const access = new AccessService(repository);
    const permissions = [
      Permission.ProjectRead,
      Permission.ProjectUpdate,
      Permission.ProjectDelete,
      Permission.ProjectMove,
      Permission.DemoOpen,
      Permission.DemoReset,
      Permission.LabelRead,
      Permission.LabelUpdate,
      Permission.LabelDelete,
    ];
    for (const permission of permissions) await access.check(ALICE, permission, ['x']);
    assert.deepEqual(
      asked.map(([kind]) => kind),
      [
        'readable',
        'editable',
        'projects {"demos":false}',
        'movable',
        'demo originals',
        'demo copies',
        'labels',
        'labels',
        'labels',
      ],
    );
  });

  it('maps the developer apps’ permissions: any role reads, only admins administer', async () => {
    const { repository, asked } = repositoryGranting({});
    const access = new AccessService(repository);
    for (const permission of [
      Permission.AppRead,
      Permission.AppAdminister,
      Permission.AppMemberRemove,
    ])
      await access.check(ALICE, permission, ['x']);
    assert.deepEqual(
      asked.map(([kind]) => kind),
      ['apps {"adminOnly":false}', 'apps {"adminOnly":true}', 'app memberships'],
    );
  });

  it('asks nothing for an empty set', async () => {
    const { repository, asked } = repositoryGranting({});
    const allowed = await new AccessService(repository).check(ALICE, Permission.SessionDelete, []);
    assert.equal(allowed.size, 0);
    assert.deepEqual(asked, []);
  });

  it('refuses with 404, as if the thing did not exist, when any one id is not allowed', async () => {
    const { repository } = repositoryGranting({ sessions: ['mine'] });
    const access = new AccessService(repository);
    await access.require(ALICE, Permission.SessionDelete, ['mine']);
    await assert.rejects(
      access.require(ALICE, Permission.SessionDelete, ['mine', 'theirs']),
      (error: unknown) => error instanceof CommonException && error.status === 404,
    );
  });

  it('maps the teams’ permissions to their set-based checks (issue 30)', async () => {
    const { repository, asked } = repositoryGranting({});
    const access = new AccessService(repository);
    for (const permission of [
      Permission.TeamRead,
      Permission.TeamAdminister,
      Permission.TeamOwn,
      Permission.TeamBilling,
      Permission.TeamMembershipRemove,
      Permission.TeamMembershipRead,
      Permission.TeamInviteManage,
      Permission.TeamInviteRead,
      Permission.TeamInviteAnswer,
      Permission.TeamLabelRead,
    ])
      await access.check(ALICE, permission, ['x']);
    assert.deepEqual(
      asked.map(([kind]) => kind),
      [
        'teams any',
        'teams administrate',
        'teams own',
        'teams paid',
        'team memberships removable',
        'team memberships visible',
        'team invites administrate',
        'team invites any',
        'team invites to actor',
        'labels shared with teams',
      ],
    );
    await assert.rejects(
      access.require(ALICE, Permission.TeamRead, ['someone-elses-team']),
      (error: unknown) => error instanceof CommonException && error.status === 404,
    );
  });

  it('maps sharing’s permissions to their set-based checks (issue 31)', async () => {
    const { repository, asked } = repositoryGranting({});
    const access = new AccessService(repository);
    for (const permission of [
      Permission.ProjectShare,
      Permission.LabelShare,
      Permission.LabelReadShared,
      Permission.LabelEditShared,
      Permission.ShareGrantManage,
      Permission.SharedItemRemove,
      Permission.TeamShareRemove,
    ])
      await access.check(ALICE, permission, ['x']);
    assert.deepEqual(
      asked.map(([kind]) => kind),
      [
        'projects {"demos":false}',
        'labels',
        'labels shared view',
        'labels shared edit',
        'share grants',
        'projects shared',
        'labels shared view',
        'team shares removable',
      ],
    );
  });

  it('lets a customer revoke only the app authorizations they granted', async () => {
    const { repository, asked } = repositoryGranting({ appAuthorizations: ['mine'] });
    const access = new AccessService(repository);
    await access.require(ALICE, Permission.AppAuthorizationRevoke, ['mine']);
    await assert.rejects(
      access.require(ALICE, Permission.AppAuthorizationRevoke, ['mine', 'theirs']),
      (error: unknown) => error instanceof CommonException && error.status === 404,
    );
    assert.deepEqual(asked.at(-1), ['app authorizations', 'alice', ['mine', 'theirs']]);
  });
});
