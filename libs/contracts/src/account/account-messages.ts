/** Row labels of the account settings page (account-and-auth §2.1); §5's LABEL is the row's. */
export const accountLabels = {
  name: 'Account name',
  email: 'Account email',
  password: 'Password',
  setPassword: 'Set password',
  oldPassword: 'Old password',
  newsletter: 'Receiving newsletters',
} as const;

/** The longest name the customers table holds. */
export const ACCOUNT_NAME_MAX_LENGTH = 100;

/** Texts of the account settings page: the spec's (§2.1, §4.1, §8) and ours where it gives none. */
export const accountMessages = {
  infoSaved: 'Account info saved',
  /** Ours: a name with line breaks or other control characters. */
  nameNotValid: `${accountLabels.name} cannot contain line breaks or control characters`,
  /** Ours (billing-teams-apps §8 mentions "the newsletter messages" without their words). */
  subscribed: 'You are subscribed to our newsletter',
  unsubscribed: 'You have unsubscribed from our newsletter',
  newsletterNote: 'Now and then we send news about offers and product updates.',
  newsletterConfirmTitle: 'Newsletter subscription',
  newsletterConfirmText: 'Do you want to stop receiving our newsletter?',
  newsletterConfirmButton: 'Unsubscribe',
  nothingToChange: 'Send a name or a newsletter choice to change',
} as const;

/** Buttons and links of the rows. */
export const accountTexts = {
  title: 'Account settings',
  edit: 'Edit',
  cancel: 'Cancel',
  update: 'Update',
  forgotPassword: 'Forgot password',
  cookieSettings: 'Manage cookie settings',
  marketingSite: 'Animata website',
  editor: 'Open the editor',
  upgrade: 'Upgrade',
} as const;

/** The tabs of the account area (billing-teams-apps §2). */
export const accountTabs = {
  account: 'Account',
  billing: 'Billing',
  invoices: 'Invoices',
  team: 'Team settings',
  ownApps: 'Own Apps',
  otherApps: '3rd Party Apps',
} as const;

// eslint-disable-next-line no-control-regex -- the point of the pattern
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/u;

/** §5's rule for the name row, live on the page and again in the action (the BFF's is the DTO). */
export function accountNameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return `${accountLabels.name} is required`;
  if (Array.from(trimmed).length > ACCOUNT_NAME_MAX_LENGTH) {
    return `${accountLabels.name} must be at most ${ACCOUNT_NAME_MAX_LENGTH} characters long`;
  }
  if (CONTROL_CHARACTER.test(trimmed)) return accountMessages.nameNotValid;
  return undefined;
}
