import { catalogueMessages } from '@animata/contracts';
import type { ClientActionFunctionArgs, ShouldRevalidateFunction } from '@remix-run/react';

/**
 * What a page form's action data holds when its post never reached the server: the catalogue's
 * connection message as the form's notice. The page stays as it was, the typed values too.
 */
export interface ConnectionFailure {
  notice: string;
  connectionFailed: true;
}

function isConnectionFailure(value: unknown): value is ConnectionFailure {
  return typeof value === 'object' && value !== null && 'connectionFailed' in value;
}

/** The notice of a post the network lost (`connectionSafeAction`'s answer), else undefined. */
export function lostConnectionNotice(answer: unknown): string | undefined {
  return isConnectionFailure(answer) ? answer.notice : undefined;
}

/**
 * Re-exported as `clientAction` by every route with a form (issue 15, item 17): with JavaScript
 * the post goes through here, and a post the network lost (fetch's TypeError) becomes the
 * form's notice instead of the error page. Without JavaScript the browser shows its own page.
 */
export async function connectionSafeAction({
  request,
  serverAction,
}: ClientActionFunctionArgs): Promise<unknown> {
  try {
    return await serverAction();
  } catch (error) {
    // A newer submit or navigation interrupted this one: the router drops its answer anyway.
    if (request.signal.aborted) return null;
    if (!(error instanceof TypeError)) throw error;
    const failure: ConnectionFailure = {
      notice: catalogueMessages.connectionFailed,
      connectionFailed: true,
    };
    return failure;
  }
}

/** The loaders would fail the same way, and replace the page: after a lost post they wait. */
export const connectionSafeRevalidation: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) => (isConnectionFailure(actionResult) ? false : defaultShouldRevalidate);
