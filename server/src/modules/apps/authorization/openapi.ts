import {
  ACCESS_TOKEN_TTL_SECONDS,
  API_V1_PROJECTS_DEFAULT_LIMIT,
  API_V1_PROJECTS_MAX_LIMIT,
  APP_SCOPES,
  apiPaths,
  endpoints,
  pagePaths,
} from '@animata/contracts';

const SCOPE_TEXT: Record<(typeof APP_SCOPES)[number], string> = {
  'account:read': 'Read the account info (id, name, e-mail).',
  'projects:read': "Read the list of the customer's own projects.",
};

const errorBody = {
  type: 'object',
  required: ['requestId'],
  properties: {
    error: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
    requestId: { type: 'string' },
  },
};

const unauthorized = {
  description: 'No, an unknown, an expired or a revoked access token.',
  headers: {
    'WWW-Authenticate': {
      description:
        'Bearer realm="animata" without a token (RFC 6750 §3.1); with a bad one, ' +
        'Bearer realm="animata", error="invalid_token".',
      schema: { type: 'string' },
    },
  },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

const security = [{ bearer: [] }, { oauth2: [...APP_SCOPES] }];

/**
 * The OpenAPI 3.1 description of the apps' read API and the token endpoint, served at
 * /api/v1/openapi.json. `origin` makes the authorize and token URLs absolute, as OAuth flows
 * in OpenAPI need them.
 */
export function apiV1OpenApi(origin: string): Record<string, unknown> {
  const tokenRequestProperties = {
    grant_type: { type: 'string', enum: ['authorization_code', 'refresh_token'] },
    code: { type: 'string' },
    redirect_uri: {
      type: 'string',
      description: 'Exactly as sent to the authorize page, if sent.',
    },
    code_verifier: { type: 'string', minLength: 43, maxLength: 128 },
    refresh_token: { type: 'string' },
    client_id: { type: 'string', description: 'The App ID (ai_…), unless sent with HTTP Basic.' },
    client_secret: { type: 'string', description: 'The secret key (sk_…), unless HTTP Basic.' },
  };
  const tokenRequest = {
    type: 'object',
    required: ['grant_type'],
    properties: tokenRequestProperties,
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Animata API for apps',
      version: '1',
      description:
        'Read an Animata account with the customer’s consent: send the customer to the ' +
        `authorize page (${pagePaths.appAuth}?client_id=ai_…&response_type=code with PKCE ` +
        'S256: code_challenge and code_challenge_method=S256), exchange the code for tokens, ' +
        'then call /api/v1 with `Authorization: Bearer <access_token>`. OAuth client libraries ' +
        `discover the endpoints at ${apiPaths.oauthMetadata} (RFC 8414).`,
    },
    servers: [{ url: origin }],
    paths: {
      [endpoints.apiV1.me.path]: {
        get: {
          operationId: 'getMe',
          summary: 'The account the token acts for.',
          security,
          responses: {
            '200': {
              description: 'The account.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Me' } } },
            },
            '401': unauthorized,
          },
        },
      },
      [endpoints.apiV1.projects.path]: {
        get: {
          operationId: 'listProjects',
          summary: "The customer's own projects, newest changed first.",
          security,
          parameters: [
            {
              name: 'limit',
              in: 'query',
              schema: {
                type: 'integer',
                minimum: 1,
                maximum: API_V1_PROJECTS_MAX_LIMIT,
                default: API_V1_PROJECTS_DEFAULT_LIMIT,
              },
            },
            {
              name: 'cursor',
              in: 'query',
              description: 'The nextCursor of the previous page.',
              schema: { type: 'string' },
            },
          ],
          responses: {
            '200': {
              description: 'One page of projects.',
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/ProjectList' } },
              },
            },
            '401': unauthorized,
            '422': {
              description: 'A limit or cursor of the wrong shape.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            },
          },
        },
      },
      [endpoints.appAuth.token.path]: {
        post: {
          operationId: 'token',
          summary: 'Exchange an authorization code or a refresh token for tokens (RFC 6749).',
          security: [{ clientBasic: [] }, {}],
          requestBody: {
            required: true,
            content: {
              'application/x-www-form-urlencoded': { schema: tokenRequest },
              'application/json': { schema: tokenRequest },
            },
          },
          responses: {
            '200': {
              description:
                'The tokens; the refresh token works once: using it again revokes the tokens ' +
                'issued from the same authorization code (RFC 9700 §4.14.2).',
              headers: { 'Cache-Control': { schema: { type: 'string', const: 'no-store' } } },
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/TokenResponse' } },
              },
            },
            '400': {
              description: 'invalid_request, invalid_grant or unsupported_grant_type.',
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/TokenError' } },
              },
            },
            '401': {
              description: 'invalid_client.',
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/TokenError' } },
              },
            },
            '429': {
              description:
                'Too many failed client authentications from this address: every attempt is ' +
                'refused until the window ends, the right secret too.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            },
          },
        },
      },
    },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An access token.' },
        oauth2: {
          type: 'oauth2',
          description:
            'Authorization code with PKCE S256, required (code_challenge, code_verifier).',
          flows: {
            authorizationCode: {
              authorizationUrl: `${origin}${pagePaths.appAuth}`,
              tokenUrl: `${origin}${apiPaths.appToken}`,
              refreshUrl: `${origin}${apiPaths.appToken}`,
              scopes: SCOPE_TEXT,
            },
          },
        },
        clientBasic: {
          type: 'http',
          scheme: 'basic',
          description: 'App ID and secret key, each form-URL-encoded (RFC 6749 §2.3.1).',
        },
      },
      schemas: {
        Me: {
          type: 'object',
          required: ['id', 'name', 'email'],
          properties: {
            id: { type: 'string' },
            name: { type: 'string' },
            email: { type: 'string', format: 'email' },
          },
        },
        Project: {
          type: 'object',
          required: ['id', 'title', 'createdAt', 'updatedAt', 'folderId'],
          properties: {
            id: { type: 'string' },
            title: { type: 'string' },
            createdAt: { type: 'string', format: 'date-time' },
            updatedAt: { type: 'string', format: 'date-time' },
            folderId: { type: ['string', 'null'] },
          },
        },
        ProjectList: {
          type: 'object',
          required: ['data', 'nextCursor'],
          properties: {
            data: { type: 'array', items: { $ref: '#/components/schemas/Project' } },
            nextCursor: { type: ['string', 'null'] },
          },
        },
        TokenResponse: {
          type: 'object',
          required: ['access_token', 'token_type', 'expires_in', 'refresh_token', 'scope'],
          properties: {
            access_token: { type: 'string' },
            token_type: { type: 'string', const: 'Bearer' },
            expires_in: { type: 'integer', const: ACCESS_TOKEN_TTL_SECONDS },
            refresh_token: { type: 'string' },
            scope: { type: 'string', const: APP_SCOPES.join(' ') },
          },
        },
        TokenError: {
          type: 'object',
          required: ['error', 'error_description'],
          properties: {
            error: {
              type: 'string',
              enum: [
                'invalid_request',
                'invalid_client',
                'invalid_grant',
                'unsupported_grant_type',
              ],
            },
            error_description: { type: 'string' },
            requestId: { type: 'string' },
          },
        },
        Error: errorBody,
      },
    },
  };
}
