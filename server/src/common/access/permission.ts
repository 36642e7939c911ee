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
  /** Open or copy a project: one's own (demo copies included) or a demo original. */
  ProjectRead = 'project.read',
  /** Rename a project, change its data or public flag: one's own, a changed demo included, a demo original never. */
  ProjectUpdate = 'project.update',
  /** Delete a project: one's own, never a demo (projects-dashboard §6). */
  ProjectDelete = 'project.delete',
  /** Move a project to a folder: one's own, never a demo (§6). */
  ProjectMove = 'project.move',
  /** Make one's changed copy of a demo: the demo originals. */
  DemoOpen = 'demo.open',
  /** Reset a changed demo: one's own changed copies. */
  DemoReset = 'demo.reset',
  /** List, rename, move or delete a folder, or put projects in it: one's own. */
  LabelRead = 'label.read',
  LabelUpdate = 'label.update',
  LabelDelete = 'label.delete',
  // App authorization (issue 19, the authorization server's).
  /** Revoke an app's access to an account (the other apps table): one's own grants only. */
  AppAuthorizationRevoke = 'app-authorization.revoke',
}

/** Who is acting. The sessions module's AuthenticatedCustomer is one. */
export interface Actor {
  customerId: string;
}
