import { teamMessages } from '@animata/contracts';

/**
 * The manage-team dialog's plain logic (billing-teams-apps §2, §4, §6; projects-dashboard §4,
 * §6), shared by the route's server code and its components: who may be moved, the order a
 * move or a drop gives, what a role may do with a row. The server decides every rule again;
 * the page only mirrors it.
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
    isDraggable(member)
      ? order.includes(member.customer.id)
      : order[index] === member.customer.id,
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
 * administrator (the owner included) remains; only owners and administrators remove others. One's own row offers
 * Leave instead (a member may leave; the owner may not).
 */
export function rowAction(
  viewer: Viewer,
  member: MemberRow,
  members: readonly MemberRow[],
): 'remove' | 'leave' | null {
  if (member.isOwner) return null;
  // The owner counts as an administrator (the server's rule, removalRefusal in contracts).
  const administrators = members.filter((row) => row.canAdministrate || row.isOwner).length;
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
  if (member.isOwner) return 'Owner';
  if (member.canAdministrate) return 'Administrator';
  return null;
}

/** Dollars with cents only when needed: 12 → '$12', 12.5 → '$12.50'. */
export function formatDollars(amount: number): string {
  const rounded = Math.round(amount * 100) / 100;
  return `$${Number.isInteger(rounded) ? rounded : rounded.toFixed(2)}`;
}

/** An ISO date as 'Dec 28, 2026' (UTC, the dates of the billing page). */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Live feedback of the invite field (§5): the BFF's class-validator rule decides; this spares
 * a round trip for what is plainly not an address.
 */
export function inviteEmailProblem(email: string): string | undefined {
  const trimmed = email.trim();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/u.test(trimmed) && trimmed.length <= 254
    ? undefined
    : teamMessages.invalidEmail;
}
