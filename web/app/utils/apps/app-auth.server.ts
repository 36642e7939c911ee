import {
  authorizationRequestErrors,
  endpoints,
  parseAppId,
  type AppAuthInfo,
  type AppAuthInfoQuery,
  type AppAuthMessage,
  type AppAuthorizeRequest,
} from '@animata/contracts';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import {
  AUTHORIZE_INTENT,
  deniedMessage,
  DENY_INTENT,
  RESPOND_FIELD,
  errorMessage,
  readAppAuthParams,
  redirectTarget,
  redirectUrlError,
  refusedRequestMessage,
  successMessage,
  type AppAuthParams,
} from '../../components/apps/auth-result.js';
import { api, type Api } from '../api.server.js';
import { getAuthOptions } from '../credentials.server.js';
import { formRefused, readForm, textField } from '../form.server.js';
import { loginAction } from '../login.server.js';

/** Where the result goes: back to a registered redirect URI, or to the opener at its origin. */
export type AppAuthMode =
  { kind: 'redirect'; uri: string } | { kind: 'popup'; origin: string | null };

/** What the authorization page shows (account-and-auth §2.7), decided by its loader. */
export type AppAuthView =
  | { kind: 'no-app' }
  /** A request refused before the consent that cannot go back to the app: shown here. */
  | { kind: 'invalid-request'; description: string }
  | { kind: 'invalid-redirect'; url: string; error: string }
  | { kind: 'redirect-not-allowed'; url: string }
  | {
      kind: 'consent';
      app: AppAuthInfo['app'];
      /** null: signed out, the minimal login form shows. */
      customer: { email: string } | null;
      mode: AppAuthMode;
      /** The host the note names: the redirect URI's, or the popup origin's. */
      host: string | null;
      recaptchaSiteKey: string | null;
    };

type InfoOutcome =
  | { kind: 'view'; view: Exclude<AppAuthView, { kind: 'consent' }> }
  /** Refused before the consent, back to the registered redirect URI (RFC 6749 §4.1.2.1). */
  | { kind: 'refused'; message: AppAuthMessage; uri: string }
  | { kind: 'info'; info: AppAuthInfo; mode: AppAuthMode };

/**
 * Reads the app's auth info for the page's parameters. An id that cannot be an App ID and an
 * unknown or deleted app are 'No Application Found'; a redirect parameter that does not parse is
 * 'Invalid redirect URL provided:'; one the app did not register is 'Redirect not allowed to
 * {url}' at once, so the page never offers to go there (decision 80). Then the OAuth parameters
 * (response_type=code, PKCE S256): a problem goes back to the registered redirect URI, or is
 * shown when there is none; `appId` and `client_id` naming different apps is always shown.
 */
async function readInfo(client: Api, params: AppAuthParams): Promise<InfoOutcome> {
  if (params.appIdConflict) {
    const description = authorizationRequestErrors.appIdConflict;
    return { kind: 'view', view: { kind: 'invalid-request', description } };
  }
  const { appId } = params;
  if (appId === null || parseAppId(appId) === null) {
    return { kind: 'view', view: { kind: 'no-app' } };
  }
  if (params.redirectUri !== null) {
    const error = redirectUrlError(params.redirectUri);
    if (error !== null) {
      return { kind: 'view', view: { kind: 'invalid-redirect', url: params.redirectUri, error } };
    }
  }
  const result = await client.call(endpoints.appAuth.info, undefined, {
    query: {
      appId,
      redirect_uri: params.redirectUri ?? undefined,
      origin: params.origin ?? undefined,
      response_type: params.responseType ?? undefined,
      code_challenge: params.codeChallenge ?? undefined,
      code_challenge_method: params.codeChallengeMethod ?? undefined,
    } satisfies AppAuthInfoQuery,
  });
  if (!result.ok) {
    if (result.status === 404 || result.status === 422) {
      return { kind: 'view', view: { kind: 'no-app' } };
    }
    throw new Response(result.error.notice, { status: result.status || 503 });
  }
  const info = result.data;
  if (params.redirectUri !== null) {
    if (!info.redirect?.allowed) {
      return { kind: 'view', view: { kind: 'redirect-not-allowed', url: params.redirectUri } };
    }
    if (info.problem !== null) {
      const message = refusedRequestMessage(info.app.id, params.state, info.problem);
      return { kind: 'refused', message, uri: info.redirect.uri };
    }
    return { kind: 'info', info, mode: { kind: 'redirect', uri: info.redirect.uri } };
  }
  if (info.problem !== null) {
    const description = info.problem.error_description;
    return { kind: 'view', view: { kind: 'invalid-request', description } };
  }
  return { kind: 'info', info, mode: { kind: 'popup', origin: info.origin } };
}

function hostOf(mode: AppAuthMode): string | null {
  const address = mode.kind === 'redirect' ? mode.uri : mode.origin;
  return address === null ? null : new URL(address).host;
}

export async function loadAppAuth(request: Request, context: AppLoadContext): Promise<AppAuthView> {
  const client = api(request, context);
  const params = readAppAuthParams(new URL(request.url).searchParams);
  const outcome = await readInfo(client, params);
  if (outcome.kind === 'view') return outcome.view;
  // Before anyone is asked anything, signed in or not: back to the app with the error.
  if (outcome.kind === 'refused') throw redirect(redirectTarget(outcome.uri, outcome.message));
  const { info, mode } = outcome;
  // The reCAPTCHA key matters only to the login form, that is when nobody is signed in or the
  // customer asked for another account.
  const options = await getAuthOptions(request, context);
  return {
    kind: 'consent',
    app: info.app,
    customer: info.customer ? { email: info.customer.email } : null,
    mode,
    host: hostOf(mode),
    recaptchaSiteKey: options.recaptchaSiteKey,
  };
}

/** What the action answers a page running JavaScript, which then redirects or posts itself. */
export type AppAuthDecision =
  | { kind: 'message'; message: AppAuthMessage; mode: AppAuthMode }
  | { kind: 'view'; view: Exclude<AppAuthView, { kind: 'consent' }> }
  /** The session ended meanwhile: the page again, which shows the login form. */
  | { kind: 'signed-out' };

/**
 * The customer's decision (§4.7). Authorize calls the BFF, which checks the app, the redirect
 * URI and the session again; Deny needs no call but the redirect URI must still be registered.
 */
async function decide(
  client: Api,
  params: AppAuthParams,
  intent: string,
): Promise<AppAuthDecision> {
  const outcome = await readInfo(client, params);
  if (outcome.kind === 'view') return outcome;
  // A post for a request the page refused (forged, or the page was stale): the same refusal.
  if (outcome.kind === 'refused') {
    return {
      kind: 'message',
      message: outcome.message,
      mode: { kind: 'redirect', uri: outcome.uri },
    };
  }
  const { info, mode } = outcome;
  const appId = info.app.id;
  if (intent === DENY_INTENT) {
    return { kind: 'message', message: deniedMessage(appId, params.state), mode };
  }
  const body: AppAuthorizeRequest = {
    appId,
    ...(params.redirectUri !== null ? { redirect_uri: params.redirectUri } : {}),
    ...(params.state !== null ? { state: params.state } : {}),
    // readInfo let only a request with an S256 challenge through.
    code_challenge: params.codeChallenge ?? '',
    code_challenge_method: 'S256',
  };
  const result = await client.call(endpoints.appAuth.authorize, body);
  if (result.ok) return { kind: 'message', message: successMessage(result.data), mode };
  if (result.status === 401) return { kind: 'signed-out' };
  if (result.status === 404) return { kind: 'view', view: { kind: 'no-app' } };
  const message = errorMessage(appId, params.state, result.error.notice);
  return { kind: 'message', message, mode };
}

/**
 * The page's action: the login form (signed out, or 'Use another account'), or Authorize and
 * Deny. Without JavaScript a decision answers a 302 to the registered redirect URI (popup mode
 * cannot work without JavaScript: the page back, which says so); with it, the decision as data.
 */
export async function appAuthAction(request: Request, context: AppLoadContext) {
  const read = await readForm(request.clone());
  if (!read.ok) return formRefused(read);
  const intent = textField(read.form, 'intent');
  if (intent !== AUTHORIZE_INTENT && intent !== DENY_INTENT) return loginAction(request, context);

  const client = api(request, context);
  const url = new URL(request.url);
  const params = readAppAuthParams(url.searchParams);
  const decision = await decide(client, params, intent);
  const samePage = url.pathname + url.search;
  if (decision.kind === 'signed-out') return redirect(samePage);
  if (textField(read.form, RESPOND_FIELD) === 'data') return data(decision);
  // Only a URI the BFF confirmed as registered (readInfo) is ever a redirect's target.
  if (decision.kind === 'message' && decision.mode.kind === 'redirect') {
    return redirect(redirectTarget(decision.mode.uri, decision.message));
  }
  return redirect(samePage);
}
