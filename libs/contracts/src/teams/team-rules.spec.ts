import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  canInvite,
  inviteEmailError,
  markToBeDeleted,
  removalRefusal,
  slotsError,
  sortMembers,
} from './team-rules.js';
import { teamMessages } from './team-messages.js';
import type { TeamRole } from './team.js';

const member = (role: TeamRole, customerId: string = role) => ({ role, customerId });

describe('markToBeDeleted (§4 team seats)', () => {
  const team = [
    member('owner'),
    member('administrator'),
    member('member', 'm1'),
    member('member', 'm2'),
  ];

  it('marks nothing while members and invites fit the seats', () => {
    assert.deepEqual(markToBeDeleted(team, ['i1'], 5), {
      members: [false, false, false, false],
      invites: [false],
    });
  });

  it('marks the invites first, newest first, then the members from the end of the list', () => {
    assert.deepEqual(markToBeDeleted(team, ['i1', 'i2'], 5), {
      members: [false, false, false, false],
      invites: [false, true],
    });
    assert.deepEqual(markToBeDeleted(team, ['i1', 'i2'], 3), {
      members: [false, false, false, true],
      invites: [true, true],
    });
  });

  it('never marks the owner, however few the seats', () => {
    assert.deepEqual(markToBeDeleted(team, [], 0).members, [false, true, true, true]);
  });
});

describe('role rules (§6, projects-dashboard §6)', () => {
  const cases: Array<[string, TeamRole, boolean, TeamRole, number, string | undefined]> = [
    ['the owner removes a member', 'owner', false, 'member', 0, undefined],
    ['an administrator removes a member', 'administrator', false, 'member', 1, undefined],
    ['a member leaves', 'member', true, 'member', 0, undefined],
    ['a member removes another', 'member', false, 'member', 0, 'forbidden'],
    [
      'the owner removes the only administrator',
      'owner',
      false,
      'administrator',
      1,
      teamMessages.lastAdministrator,
    ],
    ['the owner removes one of two administrators', 'owner', false, 'administrator', 2, undefined],
    [
      'the only administrator leaves: leaving is always allowed',
      'administrator',
      true,
      'administrator',
      1,
      undefined,
    ],
    [
      'an administrator removes the owner',
      'administrator',
      false,
      'owner',
      2,
      teamMessages.ownerNotRemovable,
    ],
    ['the owner leaves', 'owner', true, 'owner', 0, teamMessages.ownerCannotLeave],
  ];
  for (const [name, actor, self, target, administrators, expected] of cases)
    it(`${name}: ${expected ?? 'allowed'}`, () => {
      assert.equal(
        removalRefusal({ role: actor, self }, { role: target }, administrators),
        expected,
      );
    });

  it('invites only below the seats and with an active plan', () => {
    assert.equal(canInvite(2, 3, true), true);
    assert.equal(canInvite(3, 3, true), false);
    assert.equal(canInvite(0, 3, false), false);
  });

  it('keeps administrators first when sorting, and refuses a list that is not every member once', () => {
    const members = [
      member('owner', 'o'),
      member('administrator', 'a'),
      member('member', 'x'),
      member('member', 'y'),
    ];
    assert.deepEqual(
      sortMembers(members, ['y', 'a', 'x', 'o'])?.map((m) => m.customerId),
      ['a', 'o', 'y', 'x'],
    );
    assert.equal(sortMembers(members, ['y', 'a', 'x']), undefined);
    assert.equal(sortMembers(members, ['y', 'a', 'x', 'x']), undefined);
    assert.equal(sortMembers(members, ['y', 'a', 'x', 'z']), undefined);
  });
});

describe('field rules (§5)', () => {
  it('gives the spec’s slot messages', () => {
    assert.equal(slotsError(0), undefined);
    assert.equal(slotsError(7), undefined);
    assert.equal(slotsError(8), 'You can have a maximum of 7 slots');
    assert.equal(slotsError(-1), 'You cant remove more slots than you have');
  });

  it('gives the spec’s e-mail message', () => {
    assert.equal(inviteEmailError(' ada@example.com '), undefined);
    for (const bad of [
      '',
      '   ',
      'ada',
      'ada@',
      'a b@example.com',
      `${'a'.repeat(250)}@example.com`,
    ])
      assert.equal(inviteEmailError(bad), 'Please enter a valid email address.');
  });
});
