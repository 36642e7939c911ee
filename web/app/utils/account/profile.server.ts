import {
  accountMessages,
  accountNameError,
  authMessages,
  endpoints,
  isStrongPassword,
  oldPasswordError,
  pagePaths,
  twoFactorMessages,
  type FieldErrors,
} from '@animata/contracts';
import { redirect } from '@remix-run/node';
import { api, type ApiFailure } from '../api.server.js';
import { textField } from '../form.server.js';
import { notify, redirectWithNotification } from '../notification.server.js';
import {
  backToAccount,
  refused,
  type AccountAction,
  type AccountRefusal,
} from './account-action.server.js';

/*
 * The account page's own rows (account-and-auth §2.1, §4.1): name, password, newsletter, the
 * 'Forgot password' link and the two-factor setting. Each checks the form's rules again (the
 * page's are only a convenience), then calls the BFF, which decides.
 */

const leaveEditing = () =>
  redirect(pagePaths.account, { headers: { 'cache-control': 'no-store' } });

/** A refused BFF call: the catalogue's field errors and notice onto the row's form. */
function refusedBy(intent: string, failure: ApiFailure, values?: Record<string, string>) {
  return refused(
    intent,
    {
      fieldErrors: failure.error.fieldErrors,
      ...(failure.error.notice ? { notice: failure.error.notice } : {}),
      ...(values ? { values } : {}),
    },
    failure.status === 429 ? 429 : 422,
  );
}

/** 'Account name': an unchanged value just cancels; 'Account info saved' (§8). */
export const saveName: AccountAction = async ({ request, context, form }) => {
  const name = textField(form, 'name');
  const error = accountNameError(name);
  if (error) return refused('name', { fieldErrors: { name: error }, values: { name } });
  const client = api(request, context);
  const session = await client.call(endpoints.account.session);
  if (!session.ok) return failed(client, 'name', session, { name });
  if (session.data.name === name.trim()) return leaveEditing();
  const result = await client.call(
    endpoints.account.changeAccountInfo,
    { name },
    { knownFields: ['name'] },
  );
  if (!result.ok) return failed(client, 'name', result, { name });
  return redirectWithNotification(pagePaths.account, notify('success', accountMessages.infoSaved));
};

/** 'Password' or 'Set password'; the BFF ends the customer's other sessions (§4.1). */
export const savePassword: AccountAction = async ({ request, context, form }) => {
  const password = textField(form, 'password');
  const oldPassword = form.get('old_password');
  const fieldErrors: FieldErrors = {};
  if (typeof oldPassword === 'string') {
    const error = oldPasswordError(oldPassword);
    if (error) fieldErrors.old_password = error;
  }
  if (!isStrongPassword(password)) fieldErrors.password = authMessages.passwordNotValid;
  if (Object.keys(fieldErrors).length > 0) return refused('password', { fieldErrors });
  const client = api(request, context);
  const result = await client.call(
    endpoints.account.changePassword,
    typeof oldPassword === 'string' ? { password, old_password: oldPassword } : { password },
    { knownFields: ['password', 'old_password'] },
  );
  if (!result.ok) return failed(client, 'password', result);
  return redirectWithNotification(pagePaths.account, notify('success', result.data.message));
};

/** 'Receiving newsletters': `unsubscribed` is the inverse of the switch's new state. */
export const setNewsletter: AccountAction = async ({ request, context, form }) => {
  const value = textField(form, 'unsubscribed');
  if (value !== 'true' && value !== 'false') return leaveEditing();
  const client = api(request, context);
  const result = await client.call(endpoints.account.changeAccountInfo, {
    unsubscribed: value === 'true',
  });
  return backToAccount(client, result, (data) =>
    data.unsubscribed ? accountMessages.unsubscribed : accountMessages.subscribed,
  );
};

/** 'Forgot password' in the e-mail and password edit modes: the reset mail to the own address. */
export const sendPasswordReset: AccountAction = async ({ request, context }) => {
  const client = api(request, context);
  const session = await client.call(endpoints.account.session);
  if (!session.ok) return backToAccount(client, session, () => '');
  const result = await client.call(endpoints.auth.sendPasswordResetEmail, {
    email: session.data.email,
  });
  return backToAccount(client, result, () => authMessages.recoveryFromAccount);
};

/** E-mail two-factor on or off (sign-in's policy reads it). */
export const setTwoFactor: AccountAction = async ({ request, context, form }) => {
  const enabled = form.get('twoFactor') === 'on';
  const client = api(request, context);
  const result = await client.call(endpoints.account.twoFactor, { enabled });
  return backToAccount(client, result, () =>
    enabled ? twoFactorMessages.settingOn : twoFactorMessages.settingOff,
  );
};

/** A refused call of an edit form: logged out goes to the login, anything else back on the row. */
function failed(
  client: ReturnType<typeof api>,
  intent: string,
  failure: ApiFailure,
  values?: Record<string, string>,
): Response | AccountRefusal {
  if (failure.error.kind === 'logged-out') return client.toLogin(failure.headers);
  return refusedBy(intent, failure, values);
}
