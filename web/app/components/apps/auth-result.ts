import {
  APP_AUTH_MESSAGE_TYPE,
  AppAuthResult,
  appAuthMessages,
  appAuthQuery,
  requestedApp,
  type AppAuthMessage,
  type AppAuthorizeResponse,
  type AuthorizationRequestProblem,
} from '@animata/contracts';

/**
 * What the authorization page hands the app (account-and-auth §3, §4.7; decision 82), shared by
 * the page (JavaScript: the opener's message or the redirect) and its action (no JavaScript: the
 * 302), so both send the same fields.
 */

/** The page's query parameter that opens the login form without JavaScript ('Use another account'). */
export const ANOTHER_ACCOUNT_PARAM = 'another';
/** The Authorize and Deny forms' intents; anything else is the login form's (and its dialog's). */
export const AUTHORIZE_INTENT = 'authorize';
export const DENY_INTENT = 'deny';
/** Sent by the page running JavaScript: answer the decision as data instead of a redirect. */
export const RESPOND_FIELD = 'respond';

/** The OAuth parameters of the page, read from its address. */
export interface AppAuthParams {
  /** `appId`, or OAuth's `client_id` for it; null when neither came. */
  appId: string | null;
  /** `appId` and `client_id` both came and name different apps. */
  appIdConflict: boolean;
  responseType: string | null;
  redirectUri: string | null;
  state: string | null;
  origin: string | null;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
}

export function readAppAuthParams(search: URLSearchParams): AppAuthParams {
  const app = requestedApp(search.get(appAuthQuery.appId), search.get(appAuthQuery.clientId));
  return {
    appId: app.kind === 'app' ? app.appId : null,
    appIdConflict: app.kind === 'conflict',
    responseType: search.get(appAuthQuery.responseType),
    redirectUri: search.get(appAuthQuery.redirectUri),
    state: search.get(appAuthQuery.state),
    origin: search.get(appAuthQuery.origin),
    codeChallenge: search.get(appAuthQuery.codeChallenge),
    codeChallengeMethod: search.get(appAuthQuery.codeChallengeMethod),
  };
}

/** Result 0: the authorize call's fields. */
export function successMessage(response: AppAuthorizeResponse): AppAuthMessage {
  return { type: APP_AUTH_MESSAGE_TYPE, result: AppAuthResult.success, ...response };
}

/** A non-zero result: `error` and `error_description` instead of the code (§4.7). */
function failureMessage(
  result: 2 | 3,
  error: Extract<AppAuthMessage, { result: 2 | 3 }>['error'],
  description: string,
  appId: string,
  state: string | null,
): AppAuthMessage {
  return {
    type: APP_AUTH_MESSAGE_TYPE,
    result,
    error,
    error_description: description,
    ...(state !== null ? { state } : {}),
    appId,
  };
}

/** Result 3: the customer's Deny ('User denied the access'). */
export function deniedMessage(appId: string, state: string | null): AppAuthMessage {
  return failureMessage(
    AppAuthResult.denied,
    'access_denied',
    appAuthMessages.denied,
    appId,
    state,
  );
}

/** Result 2: the authorize call failed; `description` is the catalogue's notice. */
export function errorMessage(appId: string, state: string | null, description: string) {
  return failureMessage(AppAuthResult.error, 'server_error', description, appId, state);
}

/**
 * Result 2 for a request refused before the consent (RFC 6749 §4.1.2.1): `invalid_request` or
 * `unsupported_response_type`, with the server's description.
 */
export function refusedRequestMessage(
  appId: string,
  state: string | null,
  problem: AuthorizationRequestProblem,
): AppAuthMessage {
  return failureMessage(
    AppAuthResult.error,
    problem.error,
    problem.error_description,
    appId,
    state,
  );
}

/**
 * The registered redirect URI with the message's fields in its query (§4.7: the response fields,
 * or error and error_description); `type` and `result` stay with the popup's message.
 */
export function redirectTarget(redirectUri: string, message: AppAuthMessage): string {
  const url = new URL(redirectUri);
  const { type: _type, result: _result, ...fields } = message;
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') url.searchParams.set(name, value);
  }
  return url.href;
}

/** 'Invalid redirect URL provided:' needs the parser's error; null when the URL parses. */
export function redirectUrlError(value: string): string | null {
  try {
    new URL(value);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
