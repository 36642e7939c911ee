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
}

/** Who is acting. The sessions module's AuthenticatedCustomer is one. */
export interface Actor {
  customerId: string;
}
