/** Texts of the developer apps pages and the authorization screen, the spec's word for word. */

/** billing-teams-apps §5 and §8; ours where the spec gives none (decision 81). */
export const appsMessages = {
  nameMaxLength: 'Max 255 characters',
  nameOnlyWhitespace: "App name can't include only whitespaces",
  lastAdmin: 'The last admin cannot be deleted',
  errorOccurred: 'Error occurred',
  unknownResponse: 'Unknown response',
  /** Ours: a manager e-mail that belongs to no customer. */
  noSuchCustomer: 'No customer has this email address',
  /** Ours: a manager e-mail that is not an address at all. */
  managerEmailNotValid: 'Please enter a valid email address.',
  /** Ours: creating an app without the developer grant (decision 80). */
  notADeveloper: 'Your account may not create apps. Ask us to enable developer access.',
} as const;

/** The 'Error occurred' notice with the joined errors list (§8). */
export function appsErrorNotice(errors: readonly string[]): string {
  return errors.length === 0
    ? appsMessages.errorOccurred
    : `${appsMessages.errorOccurred}: ${errors.join('. ')}`;
}

export const APP_NAME_MAX_LENGTH = 255;
export const MANAGER_EMAIL_MAX_LENGTH = 254;

/** §5: the create field's rule (the edit field has only the length rule; an empty edit cancels). */
export function appNameError(name: string): string | undefined {
  if (name.trim() === '') return appsMessages.nameOnlyWhitespace;
  if (Array.from(name.trim()).length > APP_NAME_MAX_LENGTH) return appsMessages.nameMaxLength;
  return undefined;
}

/** account-and-auth §2.7, §4.7 and §8. */
export const appAuthMessages = {
  title: 'Authorize access',
  titleFor: (appName: string) => `Authorize ${appName} to connect to your account`,
  noApp: 'No Application Found',
  noAppDetail: 'The provided application id is invalid or the application has been deleted.',
  noWindow: "Can't communicate with the original window",
  willBeAbleTo: 'This app will be able to:',
  accessAccountInfo: 'Access your account info',
  accessProjects: 'Access your projects',
  authorize: 'Authorize',
  deny: 'Deny',
  loggedInAs: (email: string) => `You are logged in as ${email}`,
  useAnotherAccount: 'Use another account',
  redirectHostNote: (host: string) =>
    `By clicking Authorize you allow ${host} to access your account info and projects.`,
  revokeNote: 'You can revoke this access at any time in Account settings.',
  denied: 'User denied the access',
  invalidRedirect: 'Invalid redirect URL provided:',
  redirectNotAllowed: (url: string) => `Redirect not allowed to ${url}`,
  /**
   * Ours: an authorization request refused before the consent where it cannot go back to the
   * app (no registered redirect URI to send it to); the reason follows it.
   */
  invalidRequest: 'Invalid authorization request',
  /** Ours: the app was authorized and the window is going back to it. */
  returning: 'Done. Returning you to the app…',
} as const;

/** Texts of the own and other apps tables (billing-teams-apps §2). */
export const appsTexts = {
  ownAppsTitle: 'Own Apps',
  otherAppsTitle: '3rd Party Apps',
  columns: {
    name: 'Name',
    appId: 'App ID',
    secretKey: 'Secret Key',
    role: 'Your Role',
    created: 'Created At (GMT)',
    otherUsers: 'Other Users',
    appName: 'App name',
    granted: 'Granted At (GMT)',
    lastUsed: 'Last used',
  },
  roles: { admin: 'Admin', manager: 'Manager' },
  createApp: 'Create app',
  addManager: 'Add manager',
  revoke: 'Revoke',
  noOwnApps: 'You have no apps yet',
  noOtherApps: 'No apps have access to your account',
  neverUsed: 'Never',
  /** Ours: the revoke confirmation and its notice (issue 19). */
  revokeTitle: 'Revoke access',
  revokeText: (appName: string) =>
    `${appName} will no longer be able to access your account info and projects.`,
  revoked: (appName: string) => `${appName} can no longer access your account`,
} as const;
