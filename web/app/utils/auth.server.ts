import {
  endpoints,
  pagePaths,
  safeRedirect,
  strongPasswordUrlFor,
  type SessionInfoResponse,
} from '@animata/contracts';
import { redirect, type AppLoadContext } from '@remix-run/node';
import { api } from './api.server.js';

/** Who is signed in, or null. */
export async function getSession(
  request: Request,
  context: AppLoadContext,
): Promise<SessionInfoResponse | null> {
  const result = await api(request, context).call(endpoints.account.session);
  return result.ok ? result.data : null;
}

/**
 * For protected pages: the signed-in customer, or a redirect to the login form that comes back
 * here after login (account-and-auth §2.3). Unverified customers land on the verify-email screen;
 * a login with a weak password on the strong-password screen.
 */
export async function requireCustomer(
  request: Request,
  context: AppLoadContext,
  options: { allowUnverified?: boolean; allowWeakPassword?: boolean } = {},
): Promise<SessionInfoResponse> {
  const client = api(request, context);
  // A 401: the login page with the url parameter, and the logged-out notice when a session
  // cookie was refused (Api.expect).
  const session = await client.expect(client.call(endpoints.account.session));
  if (!options.allowWeakPassword && session.passwordUpdateRequired) {
    const url = new URL(request.url);
    throw redirect(strongPasswordUrlFor(url.pathname + url.search));
  }
  if (!options.allowUnverified && !session.verified) throw redirect(pagePaths.verifyEmail);
  return session;
}

/**
 * Pages open to everyone (the home page): a signed-in customer who still has to verify or to
 * choose a stronger password is sent there first. Returns who is signed in, or null.
 */
export async function redirectIfIncomplete(
  request: Request,
  context: AppLoadContext,
): Promise<SessionInfoResponse | null> {
  const session = await getSession(request, context);
  if (!session) return null;
  const url = new URL(request.url);
  if (session.passwordUpdateRequired)
    throw redirect(strongPasswordUrlFor(url.pathname + url.search));
  if (!session.verified) throw redirect(pagePaths.verifyEmail);
  return session;
}

/** Signed-in visitors of the login and registration pages go where they were heading. */
export async function redirectIfSignedIn(request: Request, context: AppLoadContext): Promise<void> {
  const session = await getSession(request, context);
  if (session) throw redirect(safeRedirect(new URL(request.url).searchParams.get('url')));
}
