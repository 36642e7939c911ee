import {
  APP_SCOPES,
  apiPaths,
  endpoints,
  pagePaths,
  type AuthorizationServerMetadata,
} from '@animata/contracts';

/**
 * RFC 8414 §2 metadata of the authorization server, which OAuth client libraries read to find
 * it. `origin` is the public origin, which is also the issuer (no path, so the document lives at
 * `/.well-known/oauth-authorization-server` of the origin, §3). Only what we do is listed: the
 * code flow with PKCE S256, refresh tokens, and the client secret by Basic or in the body. There
 * is no revocation endpoint (customers revoke on /other-apps), so none is named.
 */
export function authorizationServerMetadata(origin: string): AuthorizationServerMetadata {
  return {
    issuer: origin,
    authorization_endpoint: `${origin}${pagePaths.appAuth}`,
    token_endpoint: `${origin}${apiPaths.appToken}`,
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    scopes_supported: [...APP_SCOPES],
    service_documentation: `${origin}${endpoints.apiV1.openapi.path}`,
  };
}
