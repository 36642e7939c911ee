import type { FieldErrors } from '@animata/contracts';
import type { AppLoadContext } from '@remix-run/node';
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
