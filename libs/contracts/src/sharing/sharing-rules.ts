import type { ShareAccess } from './sharing.js';

/** The most generous of several grants (§4 inheritance: a folder's share and a direct one). */
export function mostGenerous(grants: Iterable<ShareAccess>): ShareAccess | null {
  let best: ShareAccess | null = null;
  for (const grant of grants) {
    if (grant === 'edit') return 'edit';
    best = 'view';
  }
  return best;
}

/**
 * §4/§5: edit only for team members; anyone else is forced back to view. `isTeamMember` says
 * whether the recipient is a member of a team of the item's owner.
 */
export function grantableAccess(wanted: ShareAccess, isTeamMember: boolean): ShareAccess {
  return wanted === 'edit' && !isTeamMember ? 'view' : wanted;
}
