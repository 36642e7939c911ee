import type { TeamInviteStatus } from '../teams/team.js';

/**
 * Sharing projects and folders (projects-dashboard §2-§8, billing-teams-apps §1; issue 31).
 * A share gives a customer or a team view or edit access to a project or a folder; a folder's
 * share reaches everything inside it at any depth (inherited), and the most generous grant wins.
 */
export const SHARE_ACCESS = ['view', 'edit'] as const;
export type ShareAccess = (typeof SHARE_ACCESS)[number];

/** What can be shared: a project or a folder (label). The spec's path segments. */
export const SHARE_ENTITIES = ['project', 'label'] as const;
export type ShareEntity = (typeof SHARE_ENTITIES)[number];

/** A person in the share dialog (§3 Share entry). */
export interface ShareCustomer {
  id: string;
  name: string;
  email: string;
}

/**
 * §3 Share entry: a customer's grant on this item. `shareId` is the grant's id
 * (PUT sharing/{entity}-customer/{shareId}); `isOwner` marks the item's owner, listed first.
 */
export interface ShareEntry {
  shareId: string;
  access: ShareAccess;
  customer: ShareCustomer;
  isOwner: boolean;
}

/** A share invite to an address that has not accepted yet (shown as Pending, or Rejected). */
export interface SharingInvite {
  id: string;
  recipientEmail: string;
  grantAccess: ShareAccess;
  status: TeamInviteStatus;
  /** ISO date-time. */
  created: string;
}

/** §3: a sharing entry for a team holds the team and the access. */
export interface TeamShareEntry {
  team: { id: string; title: string };
  access: ShareAccess;
}

/**
 * A grant that reaches this item through a folder above it (ours: shown greyed in the dialog,
 * changed only on that folder).
 */
export interface InheritedShare {
  /** The folder whose share it is. */
  label: { id: string; title: string };
  access: ShareAccess;
  /** Exactly one of the two. */
  customer: ShareCustomer | null;
  team: { id: string; title: string } | null;
}

/** The public link of a project (§4 Link sharing), with our expiry and password. */
export interface PublicLink {
  isPublic: boolean;
  /** The address anyone may open while the link is public; null while private. */
  url: string | null;
  /** ISO date-time after which the link answers 404; null for never. */
  expiresAt: string | null;
  /** Whether opening the link asks for a password (the password itself is never sent back). */
  hasPassword: boolean;
}

/** What the actor may do in the share dialog (§6): read-only for everyone but the owner. */
export interface SharingAccessInfo {
  /** The actor's own access to the item. */
  access: 'owner' | ShareAccess;
  /** Owner with pro access: may invite, change and remove (§5, §6). */
  canManage: boolean;
  /**
   * The owner, whatever their plan: may remove customers' and teams' grants and the public link
   * (removing never needs a plan, so an owner whose plan lapsed can still stop sharing).
   */
  canRemove: boolean;
  /** Pro or team plan (sharing is a paid feature; otherwise the Premium chip). */
  hasProAccess: boolean;
  /** Sharing to a team needs team access (§6). */
  hasTeamAccess: boolean;
  /** Whether the actor has team access (the same as hasTeamAccess; kept for the BFF). */
  teamPlanActive: boolean;
  /**
   * The actor is in a team whose plan expired and in no team with an active plan: the dialog
   * says 'Team owner should re-activate subscription' (§4, §6). Added by the review.
   */
  teamPlanLapsed: boolean;
}

/** GET sharing/project/{id} and GET sharing/label/{id} (§7). */
export interface SharingResponse {
  entity: ShareEntity;
  id: string;
  title: string;
  owner: ShareCustomer;
  /** Direct grants to customers (the owner not included). */
  customers: ShareEntry[];
  invites: SharingInvite[];
  /** Direct grants to teams. */
  teams: TeamShareEntry[];
  inherited: InheritedShare[];
  access: SharingAccessInfo;
  /** Projects only; null for a folder. */
  publicLink: PublicLink | null;
  /**
   * The teams the actor may share with (team access), for the toggle and its dropdown, and the
   * team members offered as suggestions while the invite field has focus.
   */
  availableTeams: Array<{
    id: string;
    title: string;
    /** The actor owns this team: labelled 'Your team' (§6). Optional (added by the dialog). */
    isOwner?: boolean;
  }>;
  suggestions: ShareCustomer[];
  /** Addresses that may get edit access (team members of the owner's active teams). */
  editAllowedEmails: string[];
}

/** A success answer with the note to show (§8 success notes). */
export interface SharingSuccessResponse {
  success: true;
  message: string;
}

/**
 * POST invite/project/{id}, invite/label/{id}: every invite waits as Pending until its recipient
 * accepts it (the invitations dialog of billing-teams-apps §4, or the mailed link), then it
 * becomes a grant (§4: "An invite shows as Pending until accepted").
 */
export interface SharingInviteResponse {
  success: true;
  message: string;
  invite: SharingInvite;
}

/** POST sharing/remove-projects, sharing/remove-labels. */
export interface SharingRemoveResponse {
  success: true;
  message: string;
  /** How many of the ids lost the access. */
  removed: number;
}

/** GET public/projects/{id} (anyone with the link): what the public page plays. */
export interface PublicProjectInfo {
  id: string;
  title: string;
  duration: number;
  dimension: { width: number; height: number };
  /**
   * The document's address. A password-protected link's document is served to the browser that
   * unlocked it (its unlock cookie), so the address itself carries no secret.
   */
  documentUrl: string;
  /** What the player needs besides (the project's frame rate and background colour). */
  fps: number;
  background: string;
}
