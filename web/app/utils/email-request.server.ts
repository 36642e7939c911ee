import {
  validateEmailOnly,
  type EmailOnlyRequest,
  type Endpoint,
  type FieldErrors,
  type MessageResponse,
} from '@animata/contracts';
import { data, type AppLoadContext } from '@remix-run/node';
import { api, formFailure } from './api.server.js';
import { formRefused, readForm, textField } from './form.server.js';
import { notify, redirectWithNotification } from './notification.server.js';

/**
 * The action of Recover password and Confirm email: the same success message whether or not
 * the account exists (§4.5), shown after a redirect back to the page.
 */
export async function emailRequestAction(
  request: Request,
  context: AppLoadContext,
  endpoint: Endpoint<EmailOnlyRequest, MessageResponse>,
) {
  const read = await readForm(request);
  if (!read.ok) return formRefused(read);
  const email = textField(read.form, 'email').trim();
  const fieldErrors: FieldErrors = validateEmailOnly(email);
  if (Object.keys(fieldErrors).length > 0) return data({ fieldErrors, email }, { status: 422 });
  const result = await api(request, context).call(endpoint, { email }, { knownFields: ['email'] });
  if (!result.ok) return formFailure(result, { email });
  const url = new URL(request.url);
  return redirectWithNotification(url.pathname, notify('success', result.data.message));
}
