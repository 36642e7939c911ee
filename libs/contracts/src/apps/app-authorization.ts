import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/**
 * Third-party app authorization (account-and-auth §2.7, §3, §4.7, §7; decision 82). An app opens
 * `/app-auth?appId=ai_…` as a popup (the result is posted to its registered origin) or with a
 * `redirect_uri` (the browser goes back there). The customer's Authorize gives the app a
 * single-use authorization code (5 minutes, PKCE S256 when the app sent a challenge), which the
 * app's server exchanges with its App ID and secret at the token endpoint for a bearer token that
 * reads the account info and the projects through `/api/v1`.
 */

/** The authorization page's query parameters (OAuth 2.0 names beside the spec's appId). */
export const appAuthQuery = {
  appId: 'appId',
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

/**
 * GET {api root}/app-auth/info: what the page shows (§3 "Auth info": app, customer, origin).
 * 404 for an unknown or deleted app. Works signed out (customer null).
 */
export interface AppAuthInfoQuery {
  appId: string;
  redirect_uri?: string;
  origin?: string;
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
}

/** POST {api root}/app-auth/authorize (§7): `appId`, and the OAuth parameters of the page. */
export class AppAuthorizeRequest {
  @IsString()
  @MaxLength(64)
  appId!: string;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  redirect_uri?: string;

  @IsOptional()
  @IsString()
  @MaxLength(STATE_MAX)
  state?: string;

  @IsOptional()
  @IsString()
  @Matches(PKCE_VALUE)
  code_challenge?: string;

  @IsOptional()
  @IsIn(['S256'])
  code_challenge_method?: 'S256';
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
      error: 'access_denied' | 'server_error';
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
  pkcePair: 'code_challenge and code_challenge_method=S256 come together',
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
