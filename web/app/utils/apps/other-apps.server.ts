import {
  appsErrorNotice,
  appsMessages,
  appsTexts,
  endpoints,
  pagePaths,
  type AppAuthorization,
  type OtherAppsResponse,
} from '@animata/contracts';
import { redirect, type AppLoadContext } from '@remix-run/node';
import { api, type ApiResult } from '../api.server.js';
import { formRefused, readForm, textField } from '../form.server.js';
import { notify, redirectWithNotification } from '../notification.server.js';
import { listSearch, REVOKE_INTENT } from '../../components/apps/other-apps-sort.js';

/** §8 for app calls: 'Error occurred' with the errors, or 'Unknown response' for an odd answer. */
function appsFailure(result: ApiResult<OtherAppsResponse>): string | null {
  if (!result.ok) {
    const errors = [result.error.notice, ...Object.values(result.error.fieldErrors)];
    return appsErrorNotice(errors.filter((error) => error !== ''));
  }
  return Array.isArray(result.data?.appAuths) ? null : appsMessages.unknownResponse;
}

/**
 * The 3rd Party Apps list (billing-teams-apps §2). The tab shows only while the customer has
 * authorized an app (§6): anyone else goes to /account.
 */
export async function loadOtherApps(
  request: Request,
  context: AppLoadContext,
): Promise<{ appAuths: AppAuthorization[]; notice: string | null }> {
  const client = api(request, context);
  const { customer } = await client.expect(client.call(endpoints.customer.get));
  if (!customer.hasOtherApps) throw redirect(pagePaths.account);
  const result = await client.call(endpoints.otherApps.list);
  if (!result.ok && result.error.kind === 'logged-out') throw client.toLogin(result.headers);
  const notice = appsFailure(result);
  return { appAuths: notice === null && result.ok ? result.data.appAuths : [], notice };
}

/**
 * Revoke (decision 82): the app's tokens die at once. Then back to the list with a notice, or to
 * /account when that was the last app (the tab is gone).
 */
export async function otherAppsAction(request: Request, context: AppLoadContext) {
  const read = await readForm(request);
  if (!read.ok) return formRefused(read);
  const url = new URL(request.url);
  const back = pagePaths.otherApps + listSearch(url.searchParams);
  if (textField(read.form, 'intent') !== REVOKE_INTENT) return redirect(back);
  const client = api(request, context);
  const id = textField(read.form, 'id');
  const before = await client.call(endpoints.otherApps.list);
  if (!before.ok && before.error.kind === 'logged-out') throw client.toLogin(before.headers);
  const name = before.ok ? before.data.appAuths?.find((app) => app.id === id)?.name : undefined;
  const result = await client.call(endpoints.otherApps.revoke, undefined, { params: { id } });
  if (!result.ok && result.error.kind === 'logged-out') throw client.toLogin(result.headers);
  const failure = appsFailure(result);
  if (failure !== null || !result.ok) {
    return redirectWithNotification(back, notify('error', failure ?? appsMessages.unknownResponse));
  }
  const notice = notify('success', appsTexts.revoked(name ?? appsTexts.otherAppsTitle));
  const to = result.data.appAuths.length === 0 ? pagePaths.account : back;
  return redirectWithNotification(to, notice);
}
