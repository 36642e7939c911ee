import { IsDefined, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/**
 * Third-party app authorization (account-and-auth §2.7, §3, §4.7, §7; decision 82). An app opens
 * `/app-auth?appId=ai_…` as a popup (the result is posted to its registered origin) or with a
 * `redirect_uri` (the browser goes back there). The customer's Authorize gives the app a
 * single-use authorization code (5 minutes, PKCE S256 when the app sent a challenge), which the
 * app's server exchanges with its App ID and secret at the token endpoint for a bearer token that
 * reads the account info and the projects through `/api/v1`.
 */

/**
 * The authorization page's query parameters: the spec's `appId`, or OAuth 2.0's `client_id` for
 * the same App ID (RFC 6749 §4.1.1), and OAuth 2.0's names for the rest.
 */
export const appAuthQuery = {
  appId: 'appId',
  clientId: 'client_id',
  responseType: 'response_type',
  redirectUri: 'redirect_uri',
  state: 'state',
  origin: 'origin',
  codeChallenge: 'code_challenge',
  codeChallengeMethod: 'code_challenge_method',
} as const;

/** §4.7's result codes. */
export const AppAuthResult = { success: 0, error: 2, denied: 3 } as const;
export type AppAuthResultCode = (typeof AppAuthResult)[keyof typeof AppAuthResult];

/** What an app may do with an access token: read the account info and the projects. */
export const APP_SCOPES = ['account:read', 'projects:read'] as const;
export type AppScope = (typeof APP_SCOPES)[number];

export const AUTHORIZATION_CODE_TTL_SECONDS = 300;
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** Refresh tokens rotate on every use; an unused one dies after 60 days. */
export const REFRESH_TOKEN_TTL_SECONDS = 60 * 24 * 3600;
/** The `type` of every message the page posts to the opener. */
export const APP_AUTH_MESSAGE_TYPE = 'animata:app-authorization';

const STATE_MAX = 500;
/** RFC 7636 §4.2: 43 to 128 characters of [A-Za-z0-9-._~]; S256's challenge is 43. */
const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

/** The App ID a request names: `appId` or `client_id`, which must agree when both are given. */
export type RequestedApp =
  | { kind: 'app'; appId: string }
  | { kind: 'none' }
  /** Both given, naming different apps: invalid_request, shown and never redirected. */
  | { kind: 'conflict' };

export function requestedApp(
  appId: string | null | undefined,
  clientId: string | null | undefined,
): RequestedApp {
  const given = [appId, clientId].filter((id): id is string => typeof id === 'string');
  if (given.length === 0) return { kind: 'none' };
  if (given.length === 2 && given[0] !== given[1]) return { kind: 'conflict' };
  return { kind: 'app', appId: given[0]! };
}

/** RFC 6749 §4.1.2.1's error codes for an authorization request the server refuses. */
export type AuthorizationRequestError = 'invalid_request' | 'unsupported_response_type';

/** Ours (for developers): each refusal's `error_description`, redirected to the app or shown. */
export const authorizationRequestErrors = {
  appIdConflict: 'client_id and appId name different apps.',
  missingAppId: 'client_id (or appId) is required.',
  missingResponseType: 'response_type is required and must be code.',
  unsupportedResponseType: 'response_type must be code.',
  missingCodeChallenge: 'code_challenge is required: PKCE with code_challenge_method=S256.',
  unsupportedChallengeMethod: 'code_challenge_method must be S256.',
  malformedCodeChallenge:
    'code_challenge must be 43 to 128 characters of letters, digits and - . _ ~ (RFC 7636).',
} as const;

export interface AuthorizationRequestProblem {
  error: AuthorizationRequestError;
  error_description: string;
}

/** The parameters of an authorization request that the rule below checks, as they came. */
export interface AuthorizationRequestParams {
  response_type?: string | null;
  code_challenge?: string | null;
  code_challenge_method?: string | null;
}

/**
 * What is wrong with an authorization request before the customer is asked (decision 82 as
 * issue 28 changed it): only the code flow (`response_type=code`), and PKCE with S256 always
 * (OAuth 2.1): a missing method means `plain` (RFC 7636 §4.3), which is refused like any other.
 * Null when the request may go to the consent.
 */
export function authorizationRequestProblem(
  params: AuthorizationRequestParams,
): AuthorizationRequestProblem | null {
  if (params.response_type === undefined || params.response_type === null)
    return invalid(authorizationRequestErrors.missingResponseType);
  if (params.response_type !== 'code')
    return {
      error: 'unsupported_response_type',
      error_description: authorizationRequestErrors.unsupportedResponseType,
    };
  if (params.code_challenge === undefined || params.code_challenge === null)
    return invalid(authorizationRequestErrors.missingCodeChallenge);
  if (params.code_challenge_method !== 'S256')
    return invalid(authorizationRequestErrors.unsupportedChallengeMethod);
  if (!PKCE_VALUE.test(params.code_challenge))
    return invalid(authorizationRequestErrors.malformedCodeChallenge);
  return null;
}

function invalid(error_description: string): AuthorizationRequestProblem {
  return { error: 'invalid_request', error_description };
}

/**
 * GET {api root}/app-auth/info: what the page shows (§3 "Auth info": app, customer, origin).
 * 404 for an unknown or deleted app. Works signed out (customer null).
 */
export interface AppAuthInfoQuery {
  appId?: string;
  client_id?: string;
  redirect_uri?: string;
  origin?: string;
  response_type?: string;
  code_challenge?: string;
  code_challenge_method?: string;
}

export interface AppAuthInfo {
  /** `id` is `ai_{id}`. */
  app: { id: string; name: string };
  customer: { email: string; name: string } | null;
  /**
   * The registered origin the popup result goes to: the `origin` asked for when registered,
   * else the app's first; null when the app registered none (no popup mode).
   */
  origin: string | null;
  /** The redirect URI asked for, when given. */
  redirect: { uri: string; allowed: boolean } | null;
  /**
   * What is wrong with the request's OAuth parameters (authorizationRequestProblem), or null.
   * The page sends it to an allowed redirect URI (RFC 6749 §4.1.2.1), else shows it.
   */
  problem: AuthorizationRequestProblem | null;
}

/**
 * POST {api root}/app-auth/authorize (§7): `appId` (or `client_id`, the same), and the OAuth
 * parameters of the page. PKCE S256 is required; `response_type`, when sent, must be `code`.
 */
export class AppAuthorizeRequest {
  @IsOptional()
  @IsString()
  @MaxLength(64)
  appId?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  client_id?: string;

  @IsOptional()
  @IsIn(['code'], { message: authorizationRequestErrors.unsupportedResponseType })
  response_type?: 'code';

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  redirect_uri?: string;

  @IsOptional()
  @IsString()
  @MaxLength(STATE_MAX)
  state?: string;

  @IsDefined({ message: authorizationRequestErrors.missingCodeChallenge })
  @IsString({ message: authorizationRequestErrors.malformedCodeChallenge })
  @Matches(PKCE_VALUE, { message: authorizationRequestErrors.malformedCodeChallenge })
  code_challenge!: string;

  @IsIn(['S256'], { message: authorizationRequestErrors.unsupportedChallengeMethod })
  code_challenge_method!: 'S256';
}

/**
 * The fields handed to the app (§3): the page copies them into the redirect's query or the
 * posted message. `appId` is `ai_{id}`.
 */
export interface AppAuthorizeResponse {
  code: string;
  state?: string;
  appId: string;
}

/** What the opener receives (popup mode) and, without `type` and `result`, the redirect's query. */
export type AppAuthMessage =
  | ({ type: typeof APP_AUTH_MESSAGE_TYPE; result: 0 } & AppAuthorizeResponse)
  | {
      type: typeof APP_AUTH_MESSAGE_TYPE;
      result: 2 | 3;
      error: 'access_denied' | 'server_error' | AuthorizationRequestError;
      error_description: string;
      state?: string;
      appId: string;
    };

/**
 * POST {api root}/app-auth/token (RFC 6749 §4.1.3, §6), form-encoded or JSON. The client
 * authenticates with HTTP Basic (App ID : secret) or `client_id` and `client_secret` in the body.
 */
export class AppTokenRequest {
  @IsIn(['authorization_code', 'refresh_token'])
  grant_type!: 'authorization_code' | 'refresh_token';

  @IsOptional()
  @IsString()
  @MaxLength(200)
  code?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  redirect_uri?: string;

  @IsOptional()
  @IsString()
  @MaxLength(128)
  code_verifier?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  refresh_token?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  client_id?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  client_secret?: string;
}

export interface AppTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/**
 * RFC 6749 §5.2's error body, which OAuth client libraries read; `requestId` as in the catalogue.
 */
export interface AppTokenError {
  error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type';
  error_description: string;
  requestId?: string;
}

/** RFC 8414 §2: what `/.well-known/oauth-authorization-server` answers. */
export interface AuthorizationServerMetadata {
  /** The public origin, with no path: the issuer identifier. */
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  token_endpoint_auth_methods_supported: Array<'client_secret_basic' | 'client_secret_post'>;
  response_types_supported: ['code'];
  response_modes_supported: ['query'];
  grant_types_supported: Array<'authorization_code' | 'refresh_token'>;
  code_challenge_methods_supported: ['S256'];
  scopes_supported: string[];
  service_documentation: string;
}

// The read API for apps (`/api/v1`, bearer token).

/** GET /api/v1/me */
export interface ApiV1Me {
  id: string;
  name: string;
  email: string;
}

/** One project as an app sees it. */
export interface ApiV1Project {
  id: string;
  title: string;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
  /** The folder the project is in, or null. */
  folderId: string | null;
}

/** GET /api/v1/projects?limit=&cursor= : newest changed first, keyset-paged. */
export interface ApiV1ProjectList {
  data: ApiV1Project[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

export const API_V1_PROJECTS_MAX_LIMIT = 100;
export const API_V1_PROJECTS_DEFAULT_LIMIT = 20;

/** Ours: the authorize call's and the read API's refusals (for developers, not customers). */
export const appApiMessages = {
  invalidToken: 'The access token is missing, unknown, expired or revoked.',
  limit: `limit must be a whole number from 1 to ${API_V1_PROJECTS_MAX_LIMIT}`,
  cursor: 'cursor must be a nextCursor this API answered',
} as const;

/** RFC 6749 §5.2 `error_description`s of the token endpoint. */
export const appTokenErrorDescriptions = {
  malformed: 'The request is missing a parameter or has one of the wrong shape.',
  twoClientAuthentications: 'Authenticate the client with HTTP Basic or in the body, not both.',
  invalidClient: 'Client authentication failed.',
  unsupportedGrantType: 'grant_type must be authorization_code or refresh_token.',
  missingCode: 'code is required.',
  missingRefreshToken: 'refresh_token is required.',
  invalidCode: 'The authorization code is invalid, expired, already used or of another client.',
  redirectMismatch: 'redirect_uri does not match the one of the authorization request.',
  missingVerifier: 'code_verifier is required: the authorization request had a code_challenge.',
  unexpectedVerifier:
    'code_verifier was sent, but the authorization request had no code_challenge.',
  verifierMismatch: 'code_verifier does not match the code_challenge.',
  invalidRefreshToken: 'The refresh token is invalid, expired, already used or of another client.',
} as const;
