import { pagePaths, type FieldErrors } from '@animata/contracts';
import type { AppLoadContext } from '@remix-run/node';
import type { Api, ApiFailure, ApiResult } from '../api.server.js';
import { notify, redirectWithNotification } from '../notification.server.js';
import type { AccountActionResult } from '../../components/account/editing.js';

/** What every handler of the account page's action gets: the form is already read. */
export interface AccountActionArgs {
  request: Request;
  context: AppLoadContext;
  form: FormData;
}

/**
 * One form of the account page. It answers with a redirect (success, with the notification) or
 * with `refused(...)`: the row stays in edit mode with its values, field errors and notice.
 */
export type AccountAction = (args: AccountActionArgs) => Promise<Response | AccountRefusal>;

export interface AccountRefusal {
  result: AccountActionResult;
  status: number;
}

export function refused(
  intent: string,
  details: { fieldErrors?: FieldErrors; notice?: string; values?: Record<string, string> },
  status = 422,
): AccountRefusal {
  return { result: { intent, ...details }, status };
}

/**
 * How a row that reports by notification answers a BFF call (§8): a 401 goes to the login, any
 * other refusal back to the page with its notice (or `refusal`'s text), a success back with
 * `success`'s text.
 */
export function backToAccount<T>(
  client: Api,
  result: ApiResult<T>,
  success: (data: T) => string,
  refusal?: (failure: ApiFailure) => string,
): Response {
  if (result.ok) {
    return redirectWithNotification(pagePaths.account, notify('success', success(result.data)));
  }
  if (result.error.kind === 'logged-out') return client.toLogin(result.headers);
  return redirectWithNotification(
    pagePaths.account,
    notify('error', refusal ? refusal(result) : result.error.notice),
  );
}
