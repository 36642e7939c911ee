/**
 * What a customer may try to do to a set of things. Each permission has one set-based check in
 * AccessRepository; features add theirs here (projects, teams, sharing) instead of inventing
 * checks of their own.
 */
export enum Permission {
  /** Change an account's settings: today only one's own. */
  AccountUpdate = 'account.update',
  /** End a signed-in session: only one's own. */
  SessionDelete = 'session.delete',
  /** Remove an avatar: only one's own. */
  AvatarDelete = 'avatar.delete',
  /**
   * Open or copy a project, and see its shares: one's own (demo copies included), a demo
   * original, or one shared with the actor or with a team of theirs whose plan is active,
   * directly or through a folder above it at any depth (issues 30, 31).
   */
  ProjectRead = 'project.read',
  /**
   * Rename a project or change its data: one's own (a changed demo included, a demo original
   * never), or one the actor has edit access to (§6 "A viewer with edit access may open,
   * rename and move"). The public flag is ProjectShare's.
   */
  ProjectUpdate = 'project.update',
  /** Delete a project: one's own, never a demo (projects-dashboard §6). */
  ProjectDelete = 'project.delete',
  /**
   * Move a project to a folder: one's own, never a demo (§6), or one the actor has edit access
   * to (where an editor may move it to is the projects service's: decision 214).
   */
  ProjectMove = 'project.move',
  /** Share a project, with people, teams or by its public link: the owner, never a demo. */
  ProjectShare = 'project.share',
  /** Make one's changed copy of a demo: the demo originals. */
  DemoOpen = 'demo.open',
  /** Reset a changed demo: one's own changed copies. */
  DemoReset = 'demo.reset',
  /** List, rename, move or delete a folder, or put projects in it: one's own. */
  LabelRead = 'label.read',
  LabelUpdate = 'label.update',
  LabelDelete = 'label.delete',
  // Sharing (issue 31).
  /** Share a folder with people or teams: its owner. */
  LabelShare = 'label.share',
  /** Open a folder shared with the actor (or an active team of theirs), at any depth. */
  LabelReadShared = 'label.read-shared',
  /** Put projects in a folder shared with the actor with edit access, at any depth. */
  LabelEditShared = 'label.edit-shared',
  /** Change or remove a customer's grant (project_shares or label_shares id): the item's owner. */
  ShareGrantManage = 'share-grant.manage',
  /**
   * Drop one's own access to shared projects (32-character ids) or folders (uuids): those the
   * actor has a grant on, directly or through a folder above, their own or a team's.
   */
  SharedItemRemove = 'shared-item.remove',
  /**
   * Take a project or folder out of a team's shares (team_shares id): the item's owner, or the
   * team's owner or an administrator (§6 "Remove from a team's projects").
   */
  TeamShareRemove = 'team-share.remove',
  /** See a developer app in the own apps list: apps the actor has a role on (decision 81). */
  AppRead = 'app.read',
  /** Rename, edit URIs, regenerate, delete, manage members: apps the actor is an admin of. */
  AppAdminister = 'app.administer',
  /** Remove a membership (app_members.id): of apps the actor is an admin of. */
  AppMemberRemove = 'app.member.remove',
  // App authorization (issue 19, the authorization server's).
  /** Revoke an app's access to an account (the other apps table): one's own grants only. */
  AppAuthorizationRevoke = 'app-authorization.revoke',
  // Teams (issue 30).
  /** See a team, its members and its projects: teams the actor belongs to (any role). */
  TeamRead = 'team.read',
  /** Rename, reorder, invite, remove members, read the activity: owner and administrators. */
  TeamAdminister = 'team.administer',
  /** Delete, ownership transfer: the team's owner. */
  TeamOwn = 'team.own',
  /** Seats: teams paid by the actor's subscription (the payer; decisions-teams). */
  TeamBilling = 'team.billing',
  /**
   * Remove a membership (team_members.id): one's own (leave), or any of a team the actor
   * administers. The role rules (owner, last administrator) are the service's.
   */
  TeamMembershipRemove = 'team.membership.remove',
  /** See a membership by id (team_members.id): of teams the actor belongs to. */
  TeamMembershipRead = 'team.membership.read',
  /** Revoke an invite (team_invites.id): of teams the actor administers. */
  TeamInviteManage = 'team.invite.manage',
  /** See an invite by id: of teams the actor belongs to. */
  TeamInviteRead = 'team.invite.read',
  /** Answer an invite: pending invites to the actor's e-mail address. */
  TeamInviteAnswer = 'team.invite.answer',
  /** List a folder in a team's view: folders shared with a team the actor belongs to. */
  TeamLabelRead = 'team.label.read',
  // Share invites (issue 31).
  /** Revoke a share invite (share_invites.id): invites to the actor's own projects and folders. */
  ShareInviteManage = 'share.invite.manage',
  /**
   * Answer a share invite (share_invites.id) from the invitations dialog: pending invites to the
   * actor's verified e-mail address (as TeamInviteAnswer, decision 187).
   */
  ShareInviteAnswer = 'share.invite.answer',
  // Invoices (issue 30).
  /**
   * See or download an invoice: the invoice's customer only. A team's invoices are its paying
   * owner's (the payer owns the team), so members and administrators get 404 (decision in the
   * issue-30 invoices record).
   */
  InvoiceRead = 'invoice.read',
  // Public links (issue 31).
  /**
   * Play a project by its public link, signed in or not: public, not expired, never a demo.
   * The only permission a visitor (VISITOR, nobody signed in) may hold; its password, when it
   * has one, is the public link service's (an unlock cookie), after this check.
   */
  PublicProjectRead = 'public-project.read',
  // Renders (issue 32).
  /** See, preview, download or share a render: one's own only (renders are never shared). */
  RenderRead = 'render.read',
  /** Abort, delete or reprioritise a render: one's own only. */
  RenderManage = 'render.manage',
}

/** The permissions that need no account: the only ones VISITOR can pass. */
export const VISITOR_PERMISSIONS: ReadonlySet<Permission> = new Set([Permission.PublicProjectRead]);

/** Who is acting. The sessions module's AuthenticatedCustomer is one. */
export interface Actor {
  customerId: string;
}

/**
 * Nobody signed in (a visitor of a public link). Every permission but VISITOR_PERMISSIONS
 * answers none of the ids for it, so a visitor can never pass a customer's check.
 */
export const VISITOR: Actor = Object.freeze({ customerId: '' });
