import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  APP_SCOPES,
  appAuthMessages,
  authorizationRequestErrors,
  endpoints,
  pagePaths,
  type ApiV1Me,
} from '@animata/contracts';
import * as oauth from 'oauth4webapi';
import { startTestApp, type TestApp } from '../support/app.js';
import { newApp, newCustomer, newSessionCookie, type NewApp } from '../support/factories.js';

const REDIRECT = 'http://127.0.0.1:45680/callback';
/** The local test server speaks http: oauth4webapi refuses that unless told (only here). */
const insecure = { [oauth.allowInsecureRequests]: true } as const;

/**
 * Issue 28 item 5: a published OAuth 2 client, `oauth4webapi`, runs the whole authorization
 * code flow against Animata as it comes, with no change to the client: discovery from RFC 8414
 * metadata, an authorization URL with `client_id`, PKCE S256 and state, the customer's consent
 * on the page (a plain form post, as without JavaScript), the code exchanged with
 * client_secret_basic, the read API, refresh; and every refusal the issue names, read through
 * the client's own errors.
 */
describe('a stock OAuth 2 client (oauth4webapi) against the authorization server', () => {
  let app: TestApp;
  let animata: string;
  let thirdApp: NewApp;
  let cookie: string;
  let customer: { id: string; email: string };
  let as: oauth.AuthorizationServer;
  let client: oauth.Client;

  before(async () => {
    app = await startTestApp();
    animata = new URL(app.url).origin;
    const db = app.runtime.dataSource;
    const developer = await newCustomer(db);
    thirdApp = await newApp(db, developer.id, { name: 'Stock Client', redirectUris: [REDIRECT] });
    const signedIn = await newCustomer(db);
    customer = { id: signedIn.id, email: signedIn.email };
    cookie = await newSessionCookie(app, signedIn.id);
    client = { client_id: thirdApp.appId };
  });
  after(async () => {
    await app?.stop();
  });

  const discover = async (): Promise<oauth.AuthorizationServer> => {
    const issuer = new URL(app.url);
    const response = await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure });
    return oauth.processDiscoveryResponse(issuer, response);
  };

  /** The client's authorization URL (RFC 6749 §4.1.1 with PKCE S256); `null` drops a parameter. */
  const authorizationUrl = async (overrides: Record<string, string | null> = {}) => {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    const params: Record<string, string | null> = {
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: APP_SCOPES.join(' '),
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...overrides,
    };
    for (const [name, value] of Object.entries(params)) {
      if (value !== null) url.searchParams.set(name, value);
    }
    return { url, verifier, state };
  };

  /** The customer's browser opening the URL: the page, or where it sends the browser at once. */
  const open = async (url: URL) => {
    const response = await fetch(url, { headers: { cookie }, redirect: 'manual' });
    return {
      status: response.status,
      location: response.headers.get('location'),
      html: await response.text(),
    };
  };

  /** Opens the URL, sees the consent, clicks Authorize: where the page sends the browser. */
  const consent = async (url: URL): Promise<URL> => {
    const page = await open(url);
    assert.equal(page.status, 200, `the page answered ${page.status} ${page.location ?? ''}`);
    assert.ok(page.html.includes(appAuthMessages.titleFor(thirdApp.name)), 'the consent shows');
    const decided = await fetch(url, {
      method: 'POST',
      headers: { cookie, origin: animata, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'authorize' }).toString(),
      redirect: 'manual',
    });
    await decided.arrayBuffer();
    assert.equal(decided.status, 302);
    return new URL(decided.headers.get('location')!);
  };

  /** The whole flow up to the first token response. */
  const tokensFor = async (): Promise<oauth.TokenEndpointResponse> => {
    const { url, verifier, state } = await authorizationUrl();
    const callback = await consent(url);
    const params = oauth.validateAuthResponse(as, client, callback, state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(thirdApp.secret),
      params,
      REDIRECT,
      verifier,
      insecure,
    );
    return oauth.processAuthorizationCodeResponse(as, client, response);
  };

  const me = async (accessToken: string): Promise<ApiV1Me> => {
    const response = await oauth.protectedResourceRequest(
      accessToken,
      'GET',
      new URL(endpoints.apiV1.me.path, app.url),
      undefined,
      undefined,
      insecure,
    );
    assert.equal(response.status, 200);
    return (await response.json()) as ApiV1Me;
  };

  const refresh = async (refreshToken: string, auth = oauth.ClientSecretBasic(thirdApp.secret)) =>
    oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, insecure),
    );

  /** The challenges of a refusal the client read as a WWW-Authenticate error. */
  const challengeOf = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => assert.fail('expected a WWW-Authenticate challenge'),
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof oauth.WWWAuthenticateChallengeError, String(error));
    return { status: error.status, challenges: error.cause };
  };

  it('discovers the server from its RFC 8414 metadata at /.well-known/oauth-authorization-server', async () => {
    as = await discover();
    assert.deepEqual(as, {
      issuer: animata,
      authorization_endpoint: `${animata}${pagePaths.appAuth}`,
      token_endpoint: `${animata}${endpoints.appAuth.token.path}`,
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: [...APP_SCOPES],
      service_documentation: `${animata}${endpoints.apiV1.openapi.path}`,
    });
  });

  it('runs the code flow unmodified: client_id, PKCE S256 and state, consent, client_secret_basic, /api/v1/me, refresh', async () => {
    as ??= await discover();
    const tokens = await tokensFor();
    assert.equal(tokens.token_type, 'bearer');
    assert.equal(tokens.scope, APP_SCOPES.join(' '));
    const who = await me(tokens.access_token);
    assert.deepEqual([who.id, who.email], [customer.id, customer.email]);

    // Refreshed once with client_secret_basic and once with client_secret_post, as advertised.
    const refreshed = await refresh(tokens.refresh_token!);
    assert.notEqual(refreshed.refresh_token, tokens.refresh_token);
    assert.equal((await me(refreshed.access_token)).id, customer.id);
    const again = await refresh(refreshed.refresh_token!, oauth.ClientSecretPost(thirdApp.secret));
    assert.equal((await me(again.access_token)).id, customer.id);
  });

  it('sends a request without PKCE S256 or with another response_type back to the app with its error, before the consent', async () => {
    as ??= await discover();
    const codesBefore = await codeCount();
    const refusals: Array<[string, Record<string, string | null>, string, string]> = [
      [
        'plain PKCE',
        { code_challenge_method: 'plain' },
        'invalid_request',
        authorizationRequestErrors.unsupportedChallengeMethod,
      ],
      [
        'no code_challenge_method (plain by default)',
        { code_challenge_method: null },
        'invalid_request',
        authorizationRequestErrors.unsupportedChallengeMethod,
      ],
      [
        'no PKCE',
        { code_challenge: null, code_challenge_method: null },
        'invalid_request',
        authorizationRequestErrors.missingCodeChallenge,
      ],
      [
        'response_type=token',
        { response_type: 'token' },
        'unsupported_response_type',
        authorizationRequestErrors.unsupportedResponseType,
      ],
      [
        'no response_type',
        { response_type: null },
        'invalid_request',
        authorizationRequestErrors.missingResponseType,
      ],
    ];
    for (const [name, overrides, error, description] of refusals) {
      const { url, state } = await authorizationUrl(overrides);
      const page = await open(url);
      assert.equal(page.status, 302, `${name}: the page answered ${page.status}`);
      const callback = new URL(page.location!);
      assert.equal(`${callback.origin}${callback.pathname}`, REDIRECT, name);
      const refused = (() => {
        try {
          oauth.validateAuthResponse(as, client, callback, state);
        } catch (caught) {
          return caught;
        }
        return null;
      })();
      assert.ok(refused instanceof oauth.AuthorizationResponseError, `${name}: ${String(refused)}`);
      assert.equal(refused.error, error, name);
      assert.equal(refused.error_description, description, name);
    }
    assert.equal(await codeCount(), codesBefore, 'no code was issued');
  });

  it('shows the refusal on the page when it cannot go back to the app: client_id and appId of different apps, or no redirect URI', async () => {
    as ??= await discover();
    const other = await newApp(app.runtime.dataSource, customer.id, { redirectUris: [REDIRECT] });
    const conflicting = await authorizationUrl({ appId: other.appId });
    const conflict = await open(conflicting.url);
    assert.equal(conflict.status, 200);
    assert.ok(conflict.html.includes(appAuthMessages.invalidRequest));
    assert.ok(conflict.html.includes(authorizationRequestErrors.appIdConflict));
    assert.ok(!conflict.html.includes(`>${appAuthMessages.authorize}<`), 'no Authorize offered');

    const popup = await authorizationUrl({ redirect_uri: null, code_challenge: null });
    const shown = await open(popup.url);
    assert.equal(shown.status, 200);
    assert.ok(shown.html.includes(appAuthMessages.invalidRequest));
    assert.ok(shown.html.includes(authorizationRequestErrors.missingCodeChallenge));
  });

  it('revokes the grant’s tokens when a rotated refresh token comes back (RFC 9700 §4.14.2)', async () => {
    as ??= await discover();
    const tokens = await tokensFor();
    const rotated = await refresh(tokens.refresh_token!);
    const replayed = await refresh(tokens.refresh_token!).then(
      () => assert.fail('the replayed refresh token was taken'),
      (caught: unknown) => caught,
    );
    assert.ok(replayed instanceof oauth.ResponseBodyError, String(replayed));
    assert.equal(replayed.error, 'invalid_grant');

    // The legitimate holder's newer tokens died with it.
    const laterRefresh = await refresh(rotated.refresh_token!).then(
      () => assert.fail('the newer refresh token still works'),
      (caught: unknown) => caught,
    );
    assert.ok(laterRefresh instanceof oauth.ResponseBodyError, String(laterRefresh));
    assert.equal(laterRefresh.error, 'invalid_grant');
    for (const accessToken of [tokens.access_token, rotated.access_token]) {
      const refused = await challengeOf(me(accessToken));
      assert.equal(refused.status, 401);
      assert.deepEqual(refused.challenges, [
        { scheme: 'bearer', parameters: { realm: 'animata', error: 'invalid_token' } },
      ]);
    }
  });

  it('answers a call without a token 401 with a Bearer challenge and no error code (RFC 6750 §3.1)', async () => {
    const withoutBearer: Array<Record<string, string>> = [
      {},
      { authorization: `Basic ${btoa('a:b')}` },
    ];
    for (const headers of withoutBearer) {
      const response = await fetch(new URL(endpoints.apiV1.me.path, app.url), { headers });
      await response.arrayBuffer();
      assert.equal(response.status, 401);
      assert.equal(response.headers.get('www-authenticate'), 'Bearer realm="animata"');
    }
    const unknown = await challengeOf(me('not-a-token-we-issued'));
    assert.equal(unknown.status, 401);
    assert.deepEqual(unknown.challenges, [
      { scheme: 'bearer', parameters: { realm: 'animata', error: 'invalid_token' } },
    ]);
  });

  it('refuses every token request from a client over its failed-secret limit, the right secret too', async () => {
    as ??= await discover();
    const tokens = await tokensFor();
    // An address of its own (the loopback proxy is trusted), so no other test shares the count.
    const from = { headers: { 'x-forwarded-for': '203.0.113.28' }, ...insecure };
    const attempt = async (secret: string) =>
      oauth
        .refreshTokenGrantRequest(
          as,
          client,
          oauth.ClientSecretPost(secret),
          tokens.refresh_token!,
          from,
        )
        .then((response) => oauth.processRefreshTokenResponse(as, client, response))
        .then(
          () => 200,
          (caught: unknown) => {
            if (caught instanceof oauth.ResponseBodyError) return caught.status;
            throw caught;
          },
        );
    const wrong = `sk_${'w'.repeat(29)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 25 && statuses.at(-1) !== 429; i += 1) statuses.push(await attempt(wrong));
    assert.equal(statuses.at(-1), 429, statuses.join(' '));
    assert.ok(statuses.slice(0, -1).every((status) => status === 401));
    assert.equal(await attempt(thirdApp.secret), 429, 'the right secret is refused too');
    assert.equal(await attempt(wrong), 429);
    // Another address is not locked out: the refresh token was never spent.
    assert.equal((await refresh(tokens.refresh_token!)).token_type, 'bearer');
  });

  const codeCount = async (): Promise<number> =>
    Number(
      (
        await app.runtime.dataSource.query(`SELECT count(*)::int AS n FROM app_authorization_codes`)
      )[0].n,
    );
});
