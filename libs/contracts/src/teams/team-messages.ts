/**
 * Texts of teams and invites (billing-teams-apps §5, §8; projects-dashboard §5, §8), word for
 * word; ours where the spec gives none (decisions-teams records them).
 */
export const teamMessages = {
  // The spec's.
  invalidEmail: 'Please enter a valid email address.',
  maxSlots: 'You can have a maximum of 7 slots',
  cantRemoveSlots: 'You cant remove more slots than you have',
  slotsUpdated: (n: number) => `You have updated your member slots to ${n}`,
  updateFailed: 'Some error occurred. Please retry.',
  errorOccurred: 'Error occurred',
  unknownResponse: 'Unknown response',
  noTeam: "You don't have a team yet",
  createTeam: 'Create a team',
  owner: 'Owner',
  administrator: 'Administrator',
  member: 'Member',
  pending: 'Pending',
  rejected: 'Rejected',
  confirmLeave: 'Are you sure you want to leave this team?',
  confirmRemove: 'Are you sure you want to remove from the team',
  teamExpired: 'This teams plan is expired',
  // Ours (decisions-teams).
  noFreeSeat: 'All seats of this team are taken. Add a seat or remove an invite first.',
  planNotActive: 'The team plan is not active, so no one can be invited.',
  alreadyMember: 'This person is already a member of the team.',
  alreadyInvited: 'This address has already been invited.',
  ownerNotRemovable: 'The owner cannot be removed from the team.',
  lastAdministrator: 'The last administrator cannot be removed.',
  ownerCannotLeave: 'The owner cannot leave the team.',
  notExpired: 'A team can be deleted only when its plan has expired.',
  titleRequired: 'Please enter a team name.',
  titleTooLong: 'Max 64 characters',
  sortMismatch: 'The order must list every member of the team once.',
  noPaymentMethod:
    'Adding seats needs a stored payment method. Please contact support to add seats.',
  slotsUnchanged: 'The team already has this number of seats.',
  slotsNeedActivePlan: 'Seats can be changed only while the team plan is active.',
  inviteNotFound: 'This invitation is no longer valid.',
  inviteAnswered: 'This invitation has already been answered.',
  inviteAccepted: (team: string) => `You have joined ${team}`,
  inviteRefused: 'Invitation declined',
  inviteSent: (email: string) => `Invitation sent to ${email}`,
  inviteRevoked: 'Invitation removed',
  memberRemoved: 'Member removed',
  teamLeft: 'You have left the team',
  teamRenamed: 'Team renamed',
  teamDeleted: 'Team deleted',
  orderSaved: 'Order saved',
  seatsScheduled: (n: number, date: string) => `Your team will have ${n} extra seats from ${date}`,
  toBeDeletedHint: 'Removed when the billing period ends, unless seats are added.',
  transferRequested:
    'We have sent a confirmation link to you and to the new owner. Ownership moves once both have confirmed.',
  transferConfirmed: 'Your confirmation is recorded.',
  transferDone: 'Ownership has moved.',
  transferNeedsAdministrator: 'Ownership can be given only to an administrator of the team.',
  transferLinkInvalid: 'This confirmation link is no longer valid.',
  onlyAdministrators: 'Only the team owner and administrators can do this.',
  onlyOwner: 'Only the team owner can do this.',
  onlyPayer: 'Only the customer who pays for the team plan can change its seats.',
  defaultTitle: (name: string) => `${name}'s team`,
} as const;

/** Team titles: like project titles (projects-dashboard §9). */
export const TEAM_TITLE_MAX_LENGTH = 64;
/** Recipient e-mail limit (billing-teams-apps §9: e-mail 254). */
export const INVITE_EMAIL_MAX_LENGTH = 254;
