import {
  emailChangePasswordError,
  endpoints,
  newEmailError,
  pagePaths,
  type EmailChangeStatus,
  type FieldErrors,
} from '@animata/contracts';
import { redirect, type AppLoadContext } from '@remix-run/node';
import { api } from '../api.server.js';
import { textField } from '../form.server.js';
import { notify, redirectWithNotification } from '../notification.server.js';
import { backToAccount, refused, type AccountAction } from './account-action.server.js';

/** The pending change for the page's loader (§4.1: checked on load); `{}` when none or failed. */
export async function loadEmailChange(
  request: Request,
  context: AppLoadContext,
): Promise<EmailChangeStatus> {
  const result = await api(request, context).call(endpoints.account.emailChangeStatus);
  return result.ok ? result.data : {};
}

/**
 * 'Account email' in edit mode: the new address and the password. The BFF's 403 puts its
 * `password` and `email` entries on the fields and its `error` in the notice (§8).
 */
export const requestEmailChange: AccountAction = async ({ request, context, form }) => {
  const newEmail = textField(form, 'newEmail');
  const password = textField(form, 'password');
  const values = { newEmail };
  const fieldErrors: FieldErrors = {};
  const emailError = newEmailError(newEmail);
  if (emailError) fieldErrors.newEmail = emailError;

  const client = api(request, context);
  if (!emailError) {
    const session = await client.call(endpoints.account.session);
    if (session.ok && session.data.email === newEmail.trim().toLowerCase()) {
      // An unchanged value just cancels (§4.1), before the password is asked for: as the
      // page does with JavaScript.
      return redirect(pagePaths.account);
    }
  }
  const passwordError = emailChangePasswordError(password);
  if (passwordError) fieldErrors.password = passwordError;
  if (Object.keys(fieldErrors).length > 0) return refused('email', { fieldErrors, values });

  const result = await client.call(
    endpoints.account.changeEmail,
    { newEmail, password },
    { knownFields: ['newEmail', 'email', 'password'] },
  );
  if (!result.ok) {
    if (result.error.kind === 'logged-out') return client.toLogin(result.headers);
    const { email, ...rest } = result.error.fieldErrors;
    // The BFF names the address `email` in a 403 and `newEmail` in a 422: one field here.
    const errors: FieldErrors = email ? { ...rest, newEmail: email } : rest;
    const onFields = Object.values(errors);
    return refused(
      'email',
      {
        fieldErrors: errors,
        // The notice only when it says more than the fields already do.
        ...(result.error.notice && !onFields.includes(result.error.notice)
          ? { notice: result.error.notice }
          : {}),
        values,
      },
      result.status === 429 ? 429 : 422,
    );
  }
  return redirectWithNotification(pagePaths.account, notify('success', result.data.message));
};

/** Resend: the same link mailed again to the pending address (no password asked). */
export const resendEmailChange: AccountAction = async ({ request, context, form }) => {
  const client = api(request, context);
  // §7 sends the address along; the BFF mails the pending change whatever it says.
  const newEmail = textField(form, 'newEmail').slice(0, 254);
  const result = await client.call(endpoints.account.changeEmail, {
    ...(newEmail ? { newEmail } : {}),
    resend: true,
  });
  return backToAccount(client, result, (data) => data.message);
};

export const cancelEmailChange: AccountAction = async ({ request, context }) => {
  const client = api(request, context);
  const result = await client.call(endpoints.account.cancelEmailChange);
  return backToAccount(client, result, (data) => data.message);
};
