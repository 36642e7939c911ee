import { TEAM_INCLUDED_SEATS, TEAM_MAX_EXTRA_SEATS } from '../billing/catalog.js';
import { INVITE_EMAIL_MAX_LENGTH, teamMessages } from './team-messages.js';
import type { TeamRole } from './team.js';

/**
 * §4 Team seats: when members plus invites exceed included plus next-cycle seats, the excess
 * entries are marked toBeDeleted, counted from the end of the list (invites last). `members` in
 * the team's order (the owner and administrators first), `invites` oldest first. Pass only the
 * invites that hold a seat (pending ones): a refused invite holds none and is never marked. The
 * owner is never marked.
 */
export function markToBeDeleted<M extends { role: TeamRole }, I>(
  members: readonly M[],
  invites: readonly I[],
  seats: number,
): { members: boolean[]; invites: boolean[] } {
  const total = members.length + invites.length;
  let excess = Math.max(0, total - seats);
  const invitesMarked = invites.map(() => false);
  const membersMarked = members.map(() => false);
  for (let i = invites.length - 1; i >= 0 && excess > 0; i -= 1, excess -= 1) {
    invitesMarked[i] = true;
  }
  // Members from the end; the owner is never removed.
  for (let i = members.length - 1; i >= 0 && excess > 0; i -= 1) {
    if (members[i]!.role === 'owner') continue;
    membersMarked[i] = true;
    excess -= 1;
  }
  return { members: membersMarked, invites: invitesMarked };
}

/** Seats a team has: the included 3 plus the extra ones. */
export function totalSeats(extra: number): number {
  return TEAM_INCLUDED_SEATS + extra;
}

/** §6: inviting only while members plus pending invites are below the seats and the plan is active. */
export function canInvite(occupied: number, seats: number, planActive: boolean): boolean {
  return planActive && occupied < seats;
}

/** §5 Team slots: 0–7 extra. The message for a refused value, or undefined. */
export function slotsError(extra: number): string | undefined {
  if (!Number.isInteger(extra)) return teamMessages.maxSlots;
  if (extra < 0) return teamMessages.cantRemoveSlots;
  if (extra > TEAM_MAX_EXTRA_SEATS) return teamMessages.maxSlots;
  return undefined;
}

/** Who may administrate (invite, manage, rename, remove others): owner and administrators. */
export function administrates(role: TeamRole): boolean {
  return role === 'owner' || role === 'administrator';
}

/**
 * §6 and projects-dashboard §6: may `actor` remove `target`? The owner never; a member or an
 * administrator may always leave; others remove an administrator only while another
 * administrator remains (the owner does not count: decisions-teams); owners and administrators
 * remove others. `administrators` counts the team's
 * members with the administrator role (the owner not included).
 */
export function removalRefusal(
  actor: { role: TeamRole; self: boolean },
  target: { role: TeamRole },
  administrators: number,
): string | undefined | 'forbidden' {
  if (target.role === 'owner') {
    return actor.self ? teamMessages.ownerCannotLeave : teamMessages.ownerNotRemovable;
  }
  if (actor.self) return undefined;
  if (!administrates(actor.role)) return 'forbidden';
  if (target.role === 'administrator' && administrators <= 1) return teamMessages.lastAdministrator;
  return undefined;
}

/**
 * PUT teams/sort: administrators (and the owner) stay first, in their order; members follow in
 * the order given. `ids` must list every member once. Returns the new order or undefined.
 */
export function sortMembers<M extends { customerId: string; role: TeamRole }>(
  members: readonly M[],
  ids: readonly string[],
): M[] | undefined {
  if (ids.length !== members.length || new Set(ids).size !== ids.length) return undefined;
  const byId = new Map(members.map((m) => [m.customerId, m]));
  const ordered: M[] = [];
  for (const id of ids) {
    const member = byId.get(id);
    if (!member) return undefined;
    ordered.push(member);
  }
  return [
    ...ordered.filter((m) => administrates(m.role)),
    ...ordered.filter((m) => !administrates(m.role)),
  ];
}

/**
 * §5: the invite field's rule, live on the page and in the action (the server's DTO says the
 * same): trimmed, a valid address of at most 254 characters, else 'Please enter a valid email
 * address.'.
 */
export function inviteEmailError(email: string): string | undefined {
  const trimmed = email.trim();
  if (
    trimmed === '' ||
    trimmed.length > INVITE_EMAIL_MAX_LENGTH ||
    !/^[^\s@]+@[^\s@]+\.[^\s@]+$/u.test(trimmed)
  )
    return teamMessages.invalidEmail;
  return undefined;
}
