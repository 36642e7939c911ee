/**
 * The invitations dialog (billing-teams-apps §2 Promotional popups, §3 Company invite, §4): one
 * row per pending invite with who invited, what it grants, and Confirm / Refuse.
 */

/** What the dialog reads of a §3 Company invite (the teams contracts' CompanyInvite). */
export interface PopupInvite {
  id: string;
  inviter: { name: string };
  grantTitle: string;
  grantEntity: string;
  grantAccess: string;
}

export const invitationsTexts = {
  title: 'Invitations',
  confirm: 'Confirm',
  refuse: 'Refuse',
  close: 'Close',
  empty: 'No invitations left.',
  /** A failure: the dialog closes and asks again on the next page. */
  failed: 'Some error occurred. Please retry.',
} as const;

const ACCESS_WORDS: Record<string, string> = {
  view: 'view',
  edit: 'edit',
  member: 'member',
  administrator: 'administrator',
};

/** 'Ada Lovelace invited you to join the team Studio' (or to a project or folder). */
export function inviteSentence(invite: PopupInvite): string {
  const who = invite.inviter.name.trim() || 'Someone';
  if (invite.grantEntity === 'team')
    return `${who} invited you to join the team ${invite.grantTitle}`;
  const entity = invite.grantEntity === 'label' ? 'folder' : invite.grantEntity;
  return `${who} invited you to the ${entity} ${invite.grantTitle}`;
}

/** What accepting grants: 'As a member', 'As an administrator', 'With view access'. */
export function inviteGrantText(invite: PopupInvite): string {
  const access = ACCESS_WORDS[invite.grantAccess] ?? invite.grantAccess;
  if (access === 'member') return 'As a member';
  if (access === 'administrator') return 'As an administrator';
  return `With ${access} access`;
}
