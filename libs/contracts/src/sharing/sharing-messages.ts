import { dashboardTexts } from '../projects/project-messages.js';
import { teamMessages } from '../teams/team-messages.js';

/**
 * Texts of sharing (projects-dashboard §2, §4-§8; billing-teams-apps §1), word for word; ours
 * where the spec gives none (docs/decisions.md records them). A text the dashboard or the teams
 * already have is theirs, named here too so the sharing code reads one object.
 */
export const sharingMessages = {
  // The spec's.
  share: dashboardTexts.share,
  view: 'View',
  edit: 'Edit',
  editOnlyForTeamMembers: 'Edit (only for team members)',
  pending: teamMessages.pending,
  private: 'Private',
  public: 'Public',
  premium: dashboardTexts.premium,
  premiumTooltip: dashboardTexts.premiumTooltip,
  teamOwnerReactivate: 'Team owner should re-activate subscription',
  yourTeam: 'Your team',
  invalidEmail: teamMessages.invalidEmail,
  accessUpdated: 'Access was updated',
  inviteSent: 'Invite was sent',
  inviteRemoved: 'Invite was removed',
  customerRemoved: 'Customer was removed',
  linkCopied: 'Link was copied to clipboard',
  revokeAccessFailed: 'Failed to revoke access',
  revokeInviteFailed: 'Failed to revoke invite',
  confirmRemoveAccess: (email: string) => `Are you sure you want to remove access for ${email}`,
  viewProject: dashboardTexts.viewProject,
  // Ours.
  /** 'Invite was sent' when an outsider's edit was lowered to view (§4: edit for team members). */
  inviteSentAsView: 'Invite was sent. Edit is only for team members, so they can view it.',
  upgradeToShare:
    'Sharing comes with the PRO and TEAM plans. Upgrade to share projects and folders.',
  editNeedsTeamMember: 'Edit access can be given only to members of your team.',
  cannotShareWithOwner: 'You already own this.',
  alreadyShared: 'This person already has access.',
  alreadyInvited: teamMessages.alreadyInvited,
  demoNotShareable: 'Demo projects cannot be shared.',
  genericError: 'Something went wrong. Please try again.',
  removedOwnAccess: (n: number) =>
    n === 1 ? 'Removed from your shared items' : `${n} items removed from your shared items`,
  publicLinkExpired: 'This link has expired.',
  passwordRequired: 'This link is protected by a password.',
  wrongPassword: 'The password is not correct.',
  publicLinkSaved: 'Link settings were saved',
  expiryInPast: 'The expiry date must be in the future.',
  inviteAccepted: (title: string) => `You now have access to ${title}`,
  inviteForAnotherAddress: (email: string) =>
    `This invitation was sent to ${email}. Sign out, then sign in or sign up with that address to accept it.`,
  inviteRefused: teamMessages.inviteRefused,
  /** Accepting a share invite whose sender no longer has a plan with sharing (PRO or TEAM). */
  inviteSenderCannotShare:
    'This invitation can no longer be accepted: the person who sent it no longer has a plan that includes sharing.',
  // Ours, the share dialog's (issue 31, web).
  publicLinkPasswordLength: 'Use 4 to 128 characters for the link password.',
  readOnly: 'Only the owner can change who has access.',
  owner: teamMessages.owner,
  inheritedFrom: (folder: string) => `Shared through ${folder}`,
  /** 403: a viewer or editor asking for what only the owner may do (share, delete, manage). */
  onlyOwner: 'Only the owner can do this.',
  /**
   * remove-projects/remove-labels when every item reaches the actor only through a folder above
   * or a team (their own grants are all that can be dropped).
   */
  sharedThroughFolder:
    'This was shared with you through a folder or a team. Remove that folder from your shared items, or leave the team, instead.',
} as const;

/** Public link passwords (ours): 4 to 128 characters. */
export const PUBLIC_LINK_PASSWORD_MIN = 4;
export const PUBLIC_LINK_PASSWORD_MAX = 128;
