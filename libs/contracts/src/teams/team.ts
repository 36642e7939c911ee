import type { PaymentMethodName } from '../billing/catalog.js';
import type { PendingPayment } from '../billing/subscription.js';
import type { Label } from '../projects/project.js';

/** projects-dashboard §3 Team.access; billing-teams-apps §6. */
export const TEAM_ROLES = ['owner', 'administrator', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** What an invite grants (§6: invites are sent with member; the role list names administrator). */
export const TEAM_GRANT_ACCESS = ['member', 'administrator'] as const;
export type TeamGrantAccess = (typeof TEAM_GRANT_ACCESS)[number];

/** §4: invites are pending or refused (refused shows as Rejected). */
export const TEAM_INVITE_STATUSES = ['pending', 'refused'] as const;
export type TeamInviteStatus = (typeof TEAM_INVITE_STATUSES)[number];

/** billing-teams-apps §3 Team member. `id` is the membership's: DELETE teams/managers/{id}. */
export interface TeamMember {
  id: string;
  isOwner: boolean;
  canAdministrate: boolean;
  role: TeamRole;
  /** Removed when the billing period ends (§4 Team seats). */
  toBeDeleted: boolean;
  customer: { id: string; name: string; email: string };
  /** ISO date-time the customer joined. */
  joinedAt: string;
}

/** billing-teams-apps §3 Team invite. */
export interface TeamInvite {
  id: string;
  recipientEmail: string;
  status: TeamInviteStatus;
  toBeDeleted: boolean;
  grantAccess: TeamGrantAccess;
  /** ISO date-time. */
  created: string;
}

/** billing-teams-apps §3 Team.slots. Prices in dollars. */
export interface TeamSlots {
  /** 3 (§9). */
  included: number;
  extra: {
    /** Extra seats paid for in this period (0–7). */
    current: number;
    /** Extra seats from the next billing date (lower than current after a decrease). */
    nextCycle: number;
  };
  /** The team plan's price: dollars a month (its 3 seats) and the period's months; null without a plan. */
  plan: { monthlyPrice: number; months: number } | null;
  subscription: TeamSubscriptionInfo;
}

/** The team's subscription, as the seat controls need it. */
export interface TeamSubscriptionInfo {
  isActive: boolean;
  isCanceled: boolean;
  /** The stored payment method of the payer; seats can be bought only with one (§6). */
  paymentMethod: PaymentMethodName | null;
  /** ISO date-time of the next billing date (when a decrease applies); null without a plan. */
  endDate: string | null;
  /** Dollars one extra seat costs a month. */
  seatMonthlyPrice: number;
}

/** billing-teams-apps §3 Team, with projects-dashboard §3's fields. */
export interface Team {
  id: string;
  title: string;
  /** A lapsed plan (projects-dashboard §4). */
  plan: { expired: boolean };
  isOwner: boolean;
  canAdministrate: boolean;
  /** The customer's role in this team. */
  access: TeamRole;
  /** projects-dashboard §3 Team.admin: same as canAdministrate. */
  admin: boolean;
  owner: { id: string; name: string };
  /** Ours: when an expired team will be deleted; null (we delete only on request). */
  deleteAt: string | null;
  /** In the team's order (PUT teams/sort). */
  members: TeamMember[];
  /** Owners and administrators only; empty for members. */
  invites: TeamInvite[];
  slots: TeamSlots;
  /** Seats taken: members plus pending invites. */
  occupied: number;
  /** Whether an invite can be sent now (free seat, active plan, and the customer administrates). */
  canInvite: boolean;
  /** With `labels=true` only: the folders shared with the team (projects-dashboard §7). */
  labels?: Label[];
}

/** GET teams (`?labels=true` adds each team's labels). */
export interface TeamsResponse {
  teams: Team[];
}
export interface TeamsQuery {
  labels?: boolean;
}
/** GET teams/{id} */
export interface TeamResponse {
  team: Team;
}
/** PUT teams/{id}, PUT teams/sort/{id}, PUT teams/{id}/slots */
export interface TeamUpdateResponse {
  success: true;
  team: Team;
  /** The notice to show, e.g. 'You have updated your member slots to {n}'. */
  message?: string;
  /** A seat purchase whose charge waits for 3-D Secure: confirm it, then POST stripe/handle3ds. */
  payment?: PendingPayment;
}
export interface TeamSuccessResponse {
  success: true;
  message?: string;
}
/** GET teams/managers?teamId= */
export interface TeamMembersResponse {
  members: TeamMember[];
}
/** POST invite/team/{id} */
export interface TeamInviteResponse {
  success: true;
  invite: TeamInvite;
  message: string;
}

/** billing-teams-apps §3 Company invite to a customer (the invitations popup). */
export interface CompanyInvite {
  id: string;
  inviter: { name: string };
  grantTitle: string;
  grantEntity: 'team' | 'project' | 'label';
  /** view or edit for projects and folders; member or administrator for teams. */
  grantAccess: 'view' | 'edit' | TeamGrantAccess;
}

export const INVITE_ACTIONS = ['confirm', 'refuse'] as const;
export type InviteAction = (typeof INVITE_ACTIONS)[number];
/** PUT invite/{id} and POST invite/link/{token}: the answer. */
export interface InviteAnswerResponse {
  success: true;
  message: string;
  /** The team joined on confirm; null on refuse, and for a share invite. */
  teamId: string | null;
  /**
   * A share invite (issue 31): the project or folder it gives access to; the page goes to the
   * project (/{id}) or to /shared-with-me for a folder after a confirm.
   */
  share?: InviteShareTarget;
}

/** What a share invite (issue 31) is for: a project or a folder (label) by id. */
export interface InviteShareTarget {
  entity: 'project' | 'label';
  id: string;
}

/** GET invite/link/{token} (public): what the invite link page shows. */
export interface InviteLinkInfo {
  invite: CompanyInvite & { recipientEmail: string; status: TeamInviteStatus };
  /** The team of a team invite; empty for a share invite (see `share`). */
  teamId: string;
  /** Whether a customer with the recipient's e-mail exists (sign in rather than sign up). */
  accountExists: boolean;
  /** Set for a share invite (issue 31): the project or folder it shares. */
  share?: InviteShareTarget;
}

/** PUT teams/{id}/slots preview (POST teams/{id}/slots/preview). Amounts in cents. */
export interface SlotsPreview {
  extra: number;
  /** 'now': charged at once, prorated; 'period-end': applies at the next billing date, nothing charged. */
  when: 'now' | 'period-end';
  /** Cents charged now (0 for a decrease). */
  amount: number;
  /** ISO date-time of the next billing date. */
  periodEnd: string | null;
}

/** Team activity (ours, beyond the spec). */
export const TEAM_ACTIVITY_KINDS = [
  'created',
  'joined',
  'left',
  'removed',
  'invited',
  'invite-refused',
  'invite-revoked',
  'seats-changed',
  'renamed',
  'ownership-requested',
  'ownership-moved',
  'expired',
] as const;
export type TeamActivityKind = (typeof TEAM_ACTIVITY_KINDS)[number];
export interface TeamActivityEntry {
  id: string;
  kind: TeamActivityKind;
  /** Who did it; null for the system (a cycle turn, an expiry). */
  actor: { id: string; name: string } | null;
  /** Whom it concerned (a member, an invitee's e-mail), when anyone. */
  subject: { id: string | null; name: string } | null;
  /** Kind-specific details, e.g. `{ from: 2, to: 1 }` for seats. */
  details: Record<string, string | number | boolean | null>;
  /** ISO date-time. */
  at: string;
}
/** GET teams/{id}/activity (owners and administrators). */
export interface TeamActivityResponse {
  activity: TeamActivityEntry[];
}

/** POST teams/{id}/transfer-ownership: ask to move ownership to an administrator. */
export interface TransferOwnershipResponse {
  success: true;
  message: string;
}
/** POST teams/transfer/{token}: one side's confirmation. */
export interface ConfirmTransferResponse {
  success: true;
  message: string;
  /** True once both sides have confirmed and the roles have swapped. */
  done: boolean;
  teamId: string;
}
