import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  dropOn,
  isDraggable,
  keepsPinned,
  moveBy,
  orderOf,
  rowAction,
  type MemberRow,
} from './member-order.js';

function row(id: string, role: 'owner' | 'administrator' | 'member' = 'member'): MemberRow {
  return {
    id: `m-${id}`,
    isOwner: role === 'owner',
    canAdministrate: role !== 'member',
    toBeDeleted: false,
    customer: { id, name: id.toUpperCase(), email: `${id}@example.test` },
  };
}

const team = [row('o', 'owner'), row('x', 'administrator'), row('a'), row('b'), row('c')];
const twoAdmins = [
  row('o', 'owner'),
  row('x', 'administrator'),
  row('y', 'administrator'),
  row('a'),
];

describe('the manage-team rows (billing-teams-apps §2, §6)', () => {
  it('lets only plain members move: the owner and administrators are not draggable', () => {
    assert.deepEqual(team.map(isDraggable), [false, false, true, true, true]);
  });

  it('moves a member up or down among the members, never past an administrator', () => {
    assert.deepEqual(orderOf(moveBy(team, 'b', -1)!), ['o', 'x', 'b', 'a', 'c']);
    assert.deepEqual(orderOf(moveBy(team, 'b', 1)!), ['o', 'x', 'a', 'c', 'b']);
    assert.equal(moveBy(team, 'a', -1), null);
    assert.equal(moveBy(team, 'c', 1), null);
    assert.equal(moveBy(team, 'x', 1), null);
    assert.equal(moveBy(team, 'nobody', 1), null);
  });

  it('drops a member on the place of another; nothing for a pinned row or itself', () => {
    assert.deepEqual(orderOf(dropOn(team, 'c', 'a')!), ['o', 'x', 'c', 'a', 'b']);
    assert.deepEqual(orderOf(dropOn(team, 'a', 'c')!), ['o', 'x', 'b', 'c', 'a']);
    assert.equal(dropOn(team, 'a', 'x'), null);
    assert.equal(dropOn(team, 'o', 'a'), null);
    assert.equal(dropOn(team, 'a', 'a'), null);
  });

  it('accepts an order only when the pinned rows keep their places', () => {
    assert.equal(keepsPinned(team, ['o', 'x', 'c', 'b', 'a']), true);
    assert.equal(keepsPinned(team, ['x', 'o', 'a', 'b', 'c']), false);
    assert.equal(keepsPinned(team, ['o', 'x', 'a']), false);
  });

  it('offers Remove and Leave by §6: the owner never, an administrator while another remains', () => {
    const owner = { customerId: 'o', isOwner: true, canAdministrate: true };
    const admin = { customerId: 'x', isOwner: false, canAdministrate: true };
    const member = { customerId: 'a', isOwner: false, canAdministrate: false };
    const [o, x, a, b] = team as [MemberRow, MemberRow, MemberRow, MemberRow];
    // Nobody removes the owner, and the owner cannot leave.
    assert.equal(rowAction(owner, o, team), null);
    assert.equal(rowAction(admin, o, team), null);
    // Owners and administrators remove others; members only leave.
    assert.equal(rowAction(owner, a, team), 'remove');
    assert.equal(rowAction(admin, b, team), 'remove');
    assert.equal(rowAction(member, b, team), null);
    assert.equal(rowAction(member, a, team), 'leave');
    // An administrator only while another administrator (the owner aside) remains.
    assert.equal(rowAction(owner, x, team), null);
    assert.equal(rowAction(admin, x, team), null);
    const y = twoAdmins[2]!;
    assert.equal(rowAction(owner, x, twoAdmins), 'remove');
    assert.equal(rowAction(owner, y, twoAdmins), 'remove');
    assert.equal(rowAction(admin, y, twoAdmins), 'remove');
    assert.equal(rowAction(admin, x, twoAdmins), 'leave');
  });
});
