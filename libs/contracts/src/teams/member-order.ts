import { teamMessages } from './team-messages.js';

/**
 * The manage-team dialog's row rules (billing-teams-apps §2, §6; projects-dashboard §6) as the
 * page mirrors them: who may be moved (administrators are not draggable), the order a move or a
 * drop gives, which row offers Remove or Leave. The BFF decides every one again
 * (team-rules.ts); these only keep the page from offering what it would refuse.
 */

export interface MemberRow {
  id: string;
  isOwner: boolean;
  canAdministrate: boolean;
  toBeDeleted: boolean;
  customer: { id: string; name: string; email: string };
}

/** Administrators (the owner included) keep their place: only plain members move (§2). */
export function isDraggable(member: MemberRow): boolean {
  return !member.isOwner && !member.canAdministrate;
}

/** The customer ids in the list's order, as `PUT /teams/sort/{id}` takes them. */
export function orderOf(members: readonly MemberRow[]): string[] {
  return members.map((member) => member.customer.id);
}

/**
 * The list after moving the member with customer id `customerId` by `delta` places among the
 * movable members (administrators stay where they are); null when it cannot move that way.
 */
export function moveBy<T extends MemberRow>(
  members: readonly T[],
  customerId: string,
  delta: -1 | 1,
): T[] | null {
  const slots = members
    .map((member, index) => (isDraggable(member) ? index : -1))
    .filter((index) => index >= 0);
  const at = slots.findIndex((index) => members[index]?.customer.id === customerId);
  const to = at + delta;
  if (at < 0 || to < 0 || to >= slots.length) return null;
  const next = [...members];
  const from = slots[at]!;
  const target = slots[to]!;
  [next[from], next[target]] = [next[target]!, next[from]!];
  return next;
}

/**
 * The list after dropping the member `dragged` on the place of `target` (both movable); null
 * when either is pinned or they are the same.
 */
export function dropOn<T extends MemberRow>(
  members: readonly T[],
  dragged: string,
  target: string,
): T[] | null {
  if (dragged === target) return null;
  const movable = members.filter(isDraggable);
  const from = movable.findIndex((member) => member.customer.id === dragged);
  const to = movable.findIndex((member) => member.customer.id === target);
  if (from < 0 || to < 0) return null;
  const reordered = [...movable];
  const [moved] = reordered.splice(from, 1);
  reordered.splice(to, 0, moved!);
  let next = 0;
  return members.map((member) => (isDraggable(member) ? reordered[next++]! : member));
}

/** Whether a given order (customer ids) is a move the page allows: pinned rows unchanged. */
export function keepsPinned(members: readonly MemberRow[], order: readonly string[]): boolean {
  if (order.length !== members.length) return false;
  return members.every((member, index) =>
    isDraggable(member) ? order.includes(member.customer.id) : order[index] === member.customer.id,
  );
}

export interface Viewer {
  /** The signed-in customer's id. */
  customerId: string;
  isOwner: boolean;
  canAdministrate: boolean;
}

/**
 * The remove button of a row (§6): never for the owner; an administrator only while another
 * administrator (besides the owner) remains; only owners and administrators remove others. One's own row offers
 * Leave instead (a member may leave; the owner may not).
 */
export function rowAction(
  viewer: Viewer,
  member: MemberRow,
  members: readonly MemberRow[],
): 'remove' | 'leave' | null {
  if (member.isOwner) return null;
  // The owner does not count: another administrator must remain (the BFF's count).
  const administrators = members.filter((row) => row.canAdministrate && !row.isOwner).length;
  const lastAdministrator = member.canAdministrate && administrators <= 1;
  if (member.customer.id === viewer.customerId) {
    return lastAdministrator ? null : 'leave';
  }
  if (!viewer.isOwner && !viewer.canAdministrate) return null;
  if (lastAdministrator) return null;
  return 'remove';
}

/** The role label of a row (§2): Owner, Administrator, or none for a member. */
export function roleLabel(member: Pick<MemberRow, 'isOwner' | 'canAdministrate'>): string | null {
  if (member.isOwner) return teamMessages.owner;
  if (member.canAdministrate) return teamMessages.administrator;
  return null;
}
