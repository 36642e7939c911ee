import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  apiPaths,
  appAuthMessages,
  appTokenErrorDescriptions,
  authorizationRequestErrors,
  catalogueMessages,
  endpoints,
  fillPath,
  type ApiV1Me,
  type ApiV1ProjectList,
  type AppAuthInfo,
  type AppAuthorizeResponse,
  type AppTokenResponse,
  type CustomerResponse,
  type OtherAppsResponse,
  ownMessages,
} from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';
import {
  newApp,
  newCustomer,
  newDemoProjects,
  newProject,
  newSessionCookie,
  type NewApp,
} from '../support/factories.js';
import { cookieCaller } from '../support/http-client.js';
import { redirectVariants } from '../support/redirect-variants.js';
import { AppAuthorizationRepository } from '../../src/modules/apps/index.js';
import { compileErrors, validate } from '@readme/openapi-parser';

const REDIRECT = 'http://127.0.0.1:45678/callback';
const ORIGIN = 'http://127.0.0.1:45678';

function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A PKCE S256 pair's request half, for calls that only need one to be accepted. */
function s256(): { code_challenge: string; code_challenge_method: 'S256' } {
  return { code_challenge: pkcePair().challenge, code_challenge_method: 'S256' };
}

function basic(clientId: string, secret: string): string {
  const encode = (value: string) => encodeURIComponent(value);
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString('base64')}`;
}

/**
 * The authorization server over HTTP (decision 82): consent, codes, tokens, the read API and
 * revocation, and every refusal the issue names.
 */
describe('third-party app authorization', () => {
  let app: TestApp;
  let customerId: string;
  let customerEmail: string;
  let cookie: string;
  let call: ReturnType<typeof cookieCaller>;
  let thirdApp: NewApp;
  let otherApp: NewApp;

  before(async () => {
    app = await startTestApp({ web: false });
    const db = app.runtime.dataSource;
    const developer = await newCustomer(db);
    const customer = await newCustomer(db);
    customerId = customer.id;
    customerEmail = customer.email;
    cookie = await newSessionCookie(app, customer.id);
    call = cookieCaller(app, cookie);
    thirdApp = await newApp(db, developer.id, {
      name: 'Third Site',
      redirectUris: [REDIRECT],
      origins: [ORIGIN],
    });
    otherApp = await newApp(db, developer.id, { redirectUris: [REDIRECT], origins: [ORIGIN] });
  });
  after(async () => {
    await app?.stop();
  });

  /** The verifier behind each code's challenge, so that exchanges prove it by default. */
  const verifiers = new Map<string, string>();

  /**
   * The consent's authorize call, with a PKCE S256 challenge unless the body names its own
   * `code_challenge` (even as undefined, to leave it out).
   */
  const authorize = async (body: Record<string, unknown>) => {
    const pkce = pkcePair();
    const withPkce =
      'code_challenge' in body
        ? body
        : { code_challenge: pkce.challenge, code_challenge_method: 'S256', ...body };
    const answer = await call<AppAuthorizeResponse & { errors?: Record<string, string> }>(
      'POST',
      endpoints.appAuth.authorize.path,
      withPkce,
    );
    if (answer.status === 200 && !('code_challenge' in body))
      verifiers.set(answer.body.code, pkce.verifier);
    return answer;
  };

  /** The token endpoint as an app's server calls it: no Origin, no cookie. */
  const token = async (
    params: Record<string, string>,
    options: { as?: 'form' | 'json'; headers?: Record<string, string> } = {},
  ) => {
    const form = (options.as ?? 'form') === 'form';
    const response = await fetch(`${app.url}${endpoints.appAuth.token.path}`, {
      method: 'POST',
      headers: {
        'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
        ...options.headers,
      },
      body: form ? new URLSearchParams(params).toString() : JSON.stringify(params),
    });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as AppTokenResponse & {
        error?: string;
        error_description?: string;
        requestId?: string;
      },
    };
  };

  const api = async <T>(path: string, accessToken: string | null, extra: RequestInit = {}) => {
    const response = await fetch(`${app.url}${path}`, {
      ...extra,
      headers: {
        ...(accessToken === null ? {} : { authorization: `Bearer ${accessToken}` }),
        ...(extra.headers as Record<string, string> | undefined),
      },
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : null) as T & { error?: string; requestId?: string },
    };
  };

  const codeFor = async (target: NewApp, extra: Record<string, unknown> = {}) => {
    const answer = await authorize({ appId: target.appId, ...extra });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.code;
  };

  /** The code exchanged with HTTP Basic, proving its verifier unless `extra` says otherwise. */
  const exchange = (target: NewApp, code: string, extra: Record<string, string> = {}) => {
    const verifier = verifiers.get(code);
    return token(
      {
        grant_type: 'authorization_code',
        code,
        ...(verifier === undefined ? {} : { code_verifier: verifier }),
        ...extra,
      },
      { headers: { authorization: basic(target.appId, target.secret) } },
    );
  };

  const codeCount = async (): Promise<number> =>
    Number(
      (
        await app.runtime.dataSource.query(`SELECT count(*)::int AS n FROM app_authorization_codes`)
      )[0].n,
    );

  it('answers the auth info signed in and out, and 404 for unknown or malformed apps', async () => {
    const signedIn = await call<AppAuthInfo>(
      'GET',
      `${endpoints.appAuth.info.path}?appId=${thirdApp.appId}&redirect_uri=${encodeURIComponent(REDIRECT)}`,
    );
    assert.equal(signedIn.status, 200);
    assert.deepEqual(signedIn.body.app, { id: thirdApp.appId, name: 'Third Site' });
    assert.equal(signedIn.body.customer?.email, customerEmail);
    assert.equal(signedIn.body.origin, ORIGIN);
    assert.deepEqual(signedIn.body.redirect, { uri: REDIRECT, allowed: true });

    const signedOut = await api<AppAuthInfo>(
      `${endpoints.appAuth.info.path}?appId=${thirdApp.appId}&origin=https://elsewhere.test`,
      null,
    );
    assert.equal(signedOut.status, 200);
    assert.equal(signedOut.body.customer, null);
    assert.equal(signedOut.body.origin, ORIGIN, 'an unregistered origin falls back to the first');
    assert.equal(signedOut.body.redirect, null);

    for (const appId of ['ai_' + 'a'.repeat(29), 'nope', '', 'ai_../../x']) {
      const unknown = await api(
        `${endpoints.appAuth.info.path}?appId=${encodeURIComponent(appId)}`,
        null,
      );
      assert.equal(unknown.status, 404, appId);
      assert.equal(unknown.body.error, catalogueMessages.notFound);
    }
    assert.equal((await api(endpoints.appAuth.info.path, null)).status, 404);
    const deleted = await newApp(app.runtime.dataSource, customerId, { origins: [ORIGIN] });
    await app.runtime.dataSource.query(`DELETE FROM apps WHERE id = $1`, [deleted.id]);
    assert.equal(
      (await api(`${endpoints.appAuth.info.path}?appId=${deleted.appId}`, null)).status,
      404,
    );
    assert.equal((await authorize({ appId: deleted.appId })).status, 404);
  });

  it('plays the whole flow: popup and redirect modes, Basic and body credentials, the read API, refresh, revoke', async () => {
    const owned = [];
    for (let i = 0; i < 5; i += 1) owned.push(await newProject(app.runtime.dataSource, customerId));
    const stranger = await newCustomer(app.runtime.dataSource);
    await newProject(app.runtime.dataSource, stranger.id);
    await newDemoProjects(app.runtime.dataSource, ['Demo one']);

    // Popup mode, PKCE, exchanged with HTTP Basic and a form body.
    const pkce = pkcePair();
    const popup = await authorize({
      appId: thirdApp.appId,
      state: 'xyz',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    });
    assert.equal(popup.status, 200);
    assert.equal(popup.body.state, 'xyz');
    assert.equal(popup.body.appId, thirdApp.appId);
    const first = await exchange(thirdApp, popup.body.code, { code_verifier: pkce.verifier });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.headers.get('cache-control'), 'no-store');
    assert.equal(first.body.token_type, 'Bearer');
    assert.equal(first.body.scope, 'account:read projects:read');

    const me = await api<ApiV1Me>(endpoints.apiV1.me.path, first.body.access_token);
    assert.equal(me.status, 200);
    assert.deepEqual(me.body, { id: customerId, name: me.body.name, email: customerEmail });

    // Paging through more than one page: only the customer's own projects, newest changed first.
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await api<ApiV1ProjectList>(
        `${endpoints.apiV1.projects.path}${query}`,
        first.body.access_token,
      );
      assert.equal(page.status, 200, JSON.stringify(page.body));
      seen.push(...page.body.data.map((project) => project.id));
      cursor = page.body.nextCursor;
      pages += 1;
    } while (cursor !== null);
    assert.equal(pages, 3);
    const expected = (
      await app.runtime.dataSource.query(
        `SELECT id FROM projects WHERE owner_id = $1 AND NOT is_demo ORDER BY updated_at DESC, id DESC`,
        [customerId],
      )
    ).map((row: { id: string }) => row.id);
    assert.deepEqual(seen, expected);
    assert.deepEqual(new Set(seen), new Set(owned.map((project) => project.id)));

    // Redirect mode, OAuth's client_id for the App ID, exchanged with body credentials as JSON.
    const redirected = await authorize({ client_id: thirdApp.appId, redirect_uri: REDIRECT });
    assert.equal(redirected.status, 200);
    assert.equal(redirected.body.state, undefined);
    assert.equal(redirected.body.appId, thirdApp.appId);
    const second = await token(
      {
        grant_type: 'authorization_code',
        code: redirected.body.code,
        code_verifier: verifiers.get(redirected.body.code)!,
        redirect_uri: REDIRECT,
        client_id: thirdApp.appId,
        client_secret: thirdApp.secret,
      },
      { as: 'json' },
    );
    assert.equal(second.status, 200, JSON.stringify(second.body));

    // Refresh rotation: the new pair works, the old refresh token is refused after.
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: second.body.refresh_token,
      client_id: thirdApp.appId,
      client_secret: thirdApp.secret,
    });
    assert.equal(refreshed.status, 200, JSON.stringify(refreshed.body));
    assert.notEqual(refreshed.body.refresh_token, second.body.refresh_token);
    assert.equal((await api(endpoints.apiV1.me.path, refreshed.body.access_token)).status, 200);
    const again = await token({
      grant_type: 'refresh_token',
      refresh_token: second.body.refresh_token,
      client_id: thirdApp.appId,
      client_secret: thirdApp.secret,
    });
    assert.equal(again.status, 400);
    assert.equal(again.body.error, 'invalid_grant');
    // That was a replay of a rotated token: the pair it was rotated into died with it.
    assert.equal((await api(endpoints.apiV1.me.path, refreshed.body.access_token)).status, 401);
    const rotatedAway = await token({
      grant_type: 'refresh_token',
      refresh_token: refreshed.body.refresh_token,
      client_id: thirdApp.appId,
      client_secret: thirdApp.secret,
    });
    assert.equal(rotatedAway.body.error, 'invalid_grant');
    const live = await exchange(thirdApp, await codeFor(thirdApp));
    assert.equal(live.status, 200);

    // The other apps table and the customer object.
    const customer = await call<CustomerResponse>('GET', endpoints.customer.get.path);
    assert.equal(customer.body.customer.hasOtherApps, true);
    const list = await call<OtherAppsResponse>('GET', endpoints.otherApps.list.path);
    assert.equal(list.status, 200);
    assert.equal(list.body.appAuths.length, 1, 'one grant however often authorized');
    const [grant] = list.body.appAuths;
    assert.equal(grant!.name, 'Third Site');
    assert.ok(grant!.lastUsed, 'the API calls stamped the last use');

    // Revoke: every token dies at once.
    const revoked = await call<OtherAppsResponse>(
      'DELETE',
      fillPath(endpoints.otherApps.revoke.path, { params: { id: grant!.id } }),
    );
    assert.equal(revoked.status, 200);
    assert.deepEqual(revoked.body.appAuths, []);
    for (const accessToken of [first.body.access_token, live.body.access_token]) {
      const dead = await api(endpoints.apiV1.projects.path, accessToken);
      assert.equal(dead.status, 401);
      assert.equal(
        dead.headers.get('www-authenticate'),
        'Bearer realm="animata", error="invalid_token"',
      );
      assert.ok(dead.body.requestId);
    }
    const deadRefresh = await token({
      grant_type: 'refresh_token',
      refresh_token: live.body.refresh_token,
      client_id: thirdApp.appId,
      client_secret: thirdApp.secret,
    });
    assert.equal(deadRefresh.body.error, 'invalid_grant');
    const after = await call<CustomerResponse>('GET', endpoints.customer.get.path);
    assert.equal(after.body.customer.hasOtherApps, false);
  });

  it('keeps the first grant’s time when the customer authorizes again', async () => {
    await codeFor(otherApp);
    const [before] = (await call<OtherAppsResponse>('GET', endpoints.otherApps.list.path)).body
      .appAuths;
    await codeFor(otherApp);
    const list = (await call<OtherAppsResponse>('GET', endpoints.otherApps.list.path)).body;
    assert.equal(list.appAuths.length, 1);
    assert.equal(list.appAuths[0]!.created, before!.created);
    assert.equal(list.appAuths[0]!.lastUsed, null);
  });

  it('refuses a code used twice and kills the tokens of its first exchange', async () => {
    const code = await codeFor(thirdApp);
    const first = await exchange(thirdApp, code);
    assert.equal(first.status, 200);
    const refreshed = await token(
      { grant_type: 'refresh_token', refresh_token: first.body.refresh_token },
      { headers: { authorization: basic(thirdApp.appId, thirdApp.secret) } },
    );
    assert.equal(refreshed.status, 200);
    const second = await exchange(thirdApp, code);
    assert.equal(second.status, 400);
    assert.equal(second.body.error, 'invalid_grant');
    assert.equal(second.body.error_description, appTokenErrorDescriptions.invalidCode);
    assert.ok(second.body.requestId);
    assert.equal((await api(endpoints.apiV1.me.path, first.body.access_token)).status, 401);
    assert.equal((await api(endpoints.apiV1.me.path, refreshed.body.access_token)).status, 401);
  });

  it('gives one token pair for two parallel exchanges of one code', async () => {
    const code = await codeFor(thirdApp);
    const answers = await Promise.all([exchange(thirdApp, code), exchange(thirdApp, code)]);
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 400]);
    const tokens: Array<{ n: number }> = await app.runtime.dataSource.query(
      `SELECT count(*)::int AS n FROM app_tokens WHERE code_hash = encode(sha256($1::bytea), 'hex')`,
      [code],
    );
    assert.equal(tokens[0]!.n, 0, 'the replay deleted the pair the first exchange got');
  });

  it('refuses an expired code, a wrong secret, PKCE mismatches, another redirect_uri and another app’s code', async () => {
    const expired = await codeFor(thirdApp);
    await app.runtime.dataSource.query(
      `UPDATE app_authorization_codes SET expires_at = now() - interval '1 second'
        WHERE code_hash = encode(sha256($1::bytea), 'hex')`,
      [expired],
    );
    assert.equal((await exchange(thirdApp, expired)).body.error, 'invalid_grant');

    const wrongSecret = await token(
      { grant_type: 'authorization_code', code: await codeFor(thirdApp) },
      { headers: { authorization: basic(thirdApp.appId, otherApp.secret) } },
    );
    assert.equal(wrongSecret.status, 401);
    assert.equal(wrongSecret.body.error, 'invalid_client');
    assert.match(wrongSecret.headers.get('www-authenticate') ?? '', /^Basic/);
    const wrongBodySecret = await token({
      grant_type: 'authorization_code',
      code: await codeFor(thirdApp),
      client_id: thirdApp.appId,
      client_secret: otherApp.secret,
    });
    assert.equal(wrongBodySecret.status, 401);
    assert.equal(wrongBodySecret.headers.get('www-authenticate'), null);

    const pkce = pkcePair();
    const withChallenge = { code_challenge: pkce.challenge, code_challenge_method: 'S256' };
    const wrongVerifier = await exchange(thirdApp, await codeFor(thirdApp, withChallenge), {
      code_verifier: pkcePair().verifier,
    });
    assert.equal(wrongVerifier.body.error_description, appTokenErrorDescriptions.verifierMismatch);
    const missingVerifier = await exchange(thirdApp, await codeFor(thirdApp, withChallenge));
    assert.equal(missingVerifier.body.error_description, appTokenErrorDescriptions.missingVerifier);
    // A code from before PKCE was required (issue 28) has no challenge: a verifier is refused.
    const older = await codeFor(thirdApp);
    await app.runtime.dataSource.query(
      `UPDATE app_authorization_codes SET code_challenge = NULL
        WHERE code_hash = encode(sha256($1::bytea), 'hex')`,
      [older],
    );
    const unexpected = await exchange(thirdApp, older, { code_verifier: pkce.verifier });
    assert.equal(unexpected.body.error_description, appTokenErrorDescriptions.unexpectedVerifier);

    const redirectCode = await codeFor(thirdApp, { redirect_uri: REDIRECT });
    const otherRedirect = await exchange(thirdApp, redirectCode, {
      redirect_uri: `${REDIRECT}/`,
    });
    assert.equal(otherRedirect.body.error_description, appTokenErrorDescriptions.redirectMismatch);
    const noRedirect = await exchange(
      thirdApp,
      await codeFor(thirdApp, { redirect_uri: REDIRECT }),
    );
    assert.equal(noRedirect.body.error_description, appTokenErrorDescriptions.redirectMismatch);

    const anotherApps = await exchange(otherApp, await codeFor(thirdApp));
    assert.equal(anotherApps.status, 400);
    assert.equal(anotherApps.body.error, 'invalid_grant');

    const unsupported = await exchange(thirdApp, 'x', { grant_type: 'password' });
    assert.equal(unsupported.body.error, 'unsupported_grant_type');
    const noClient = await token({ grant_type: 'authorization_code', code: 'x' });
    assert.equal(noClient.status, 401);
    assert.equal(noClient.body.error, 'invalid_client');
  });

  it('takes the previous secret during its overlap, and not after', async () => {
    const db = app.runtime.dataSource;
    const rotated = await newApp(db, customerId, { origins: [ORIGIN] });
    const fresh = await newApp(db, customerId, { origins: [ORIGIN] });
    // The current secret becomes `fresh`'s; the old one stays for an hour.
    await db.query(
      `UPDATE apps SET previous_secret_hash = secret_hash,
              previous_secret_expires_at = now() + interval '1 hour',
              secret_hash = (SELECT secret_hash FROM apps WHERE id = $2)
        WHERE id = $1`,
      [rotated.id, fresh.id],
    );
    const withOld = await exchange(rotated, await codeFor(rotated));
    assert.equal(withOld.status, 200, JSON.stringify(withOld.body));
    const withNew = await exchange({ ...rotated, secret: fresh.secret }, await codeFor(rotated));
    assert.equal(withNew.status, 200);
    await db.query(
      `UPDATE apps SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`,
      [rotated.id],
    );
    assert.equal((await exchange(rotated, await codeFor(rotated))).status, 401);
  });

  it('refuses an expired access token, a session cookie on /api/v1 and a token on session routes', async () => {
    const pair = (await exchange(thirdApp, await codeFor(thirdApp))).body;
    assert.equal((await api(endpoints.apiV1.me.path, pair.access_token)).status, 200);
    await app.runtime.dataSource.query(
      `UPDATE app_tokens SET expires_at = now() - interval '1 second'
        WHERE token_hash = encode(sha256($1::bytea), 'hex')`,
      [pair.access_token],
    );
    const expired = await api(endpoints.apiV1.me.path, pair.access_token);
    assert.equal(expired.status, 401);
    assert.equal(
      expired.headers.get('www-authenticate'),
      'Bearer realm="animata", error="invalid_token"',
    );

    const live = (await exchange(thirdApp, await codeFor(thirdApp))).body.access_token;
    const withCookie = await api(endpoints.apiV1.me.path, null, { headers: { cookie } });
    assert.equal(withCookie.status, 401);
    // RFC 6750 §3.1: no error code when no bearer token came at all; invalid_token otherwise.
    const noToken = 'Bearer realm="animata"';
    const badToken = 'Bearer realm="animata", error="invalid_token"';
    for (const [header, challenge] of [
      ['', noToken],
      [`Basic ${live}`, noToken],
      ['Bearer', badToken],
      ['Bearer nope', badToken],
      [`Bearer ${live}x`, badToken],
    ] as const) {
      const refused = await api(endpoints.apiV1.projects.path, null, {
        headers: header ? { authorization: header } : {},
      });
      assert.equal(refused.status, 401, header);
      assert.equal(refused.headers.get('www-authenticate'), challenge, header);
    }
    assert.equal(withCookie.headers.get('www-authenticate'), noToken);
    const sessionRoute = await api(endpoints.customer.get.path, live);
    assert.equal(sessionRoute.status, 401);
    assert.equal((await api(endpoints.otherApps.list.path, live)).status, 401);
  });

  it('answers 422 for a bad limit or cursor', async () => {
    const live = (await exchange(thirdApp, await codeFor(thirdApp))).body.access_token;
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=-1',
      'limit=abc',
      'limit=1.5',
      'limit=1&limit=2',
      'cursor=',
      'cursor=abc',
      `cursor=${Buffer.from('2026-13-01T00:00:00.000000Z|' + 'a'.repeat(32)).toString('base64url')}`,
      `cursor=${Buffer.from("x' OR 1=1 --").toString('base64url')}`,
    ]) {
      const answer = await api<{ errors?: Record<string, string> }>(
        `${endpoints.apiV1.projects.path}?${query}`,
        live,
      );
      assert.equal(answer.status, 422, query);
      assert.ok(answer.body.errors, query);
    }
  });

  it('refuses all 100 unregistered redirect URIs: 422, info not allowed, no code issued', async () => {
    const variants = redirectVariants(REDIRECT);
    assert.equal(variants.length, 100);
    const codesBefore = await codeCount();
    for (const uri of variants) {
      const refused = await authorize({ appId: thirdApp.appId, redirect_uri: uri });
      assert.equal(refused.status, 422, uri);
      const info = await call<AppAuthInfo>(
        'GET',
        `${endpoints.appAuth.info.path}?appId=${thirdApp.appId}&redirect_uri=${encodeURIComponent(uri)}`,
      );
      assert.equal(info.status, 200, uri);
      assert.deepEqual(info.body.redirect, { uri, allowed: false }, uri);
    }
    assert.equal(await codeCount(), codesBefore);
  });

  it('refuses popup mode for an app without an origin, 401 signed out, 403 cross-site', async () => {
    const noOrigin = await newApp(app.runtime.dataSource, customerId, { redirectUris: [REDIRECT] });
    const refused = await authorize({ appId: noOrigin.appId });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.errors?.['.'], appAuthMessages.noWindow);
    assert.equal((await authorize({ appId: 'ai_' + 'b'.repeat(29) })).status, 404);
    const pkceHalf = await authorize({
      appId: thirdApp.appId,
      code_challenge: pkcePair().challenge,
    });
    assert.equal(pkceHalf.status, 422);
    assert.equal(
      pkceHalf.body.errors?.code_challenge_method,
      authorizationRequestErrors.unsupportedChallengeMethod,
    );

    const signedOut = await fetch(`${app.url}${endpoints.appAuth.authorize.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({ appId: thirdApp.appId, ...s256() }),
    });
    assert.equal(signedOut.status, 401);
    const crossSite = await fetch(`${app.url}${endpoints.appAuth.authorize.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
      body: JSON.stringify({ appId: thirdApp.appId, ...s256() }),
    });
    assert.equal(crossSite.status, 403);
    assert.equal((await call('GET', endpoints.otherApps.list.path)).status, 200);
    const signedOutList = await api(endpoints.otherApps.list.path, null);
    assert.equal(signedOutList.status, 401);
  });

  it('answers 404 for someone else’s authorization and leaves it alone', async () => {
    const db = app.runtime.dataSource;
    const bob = await newCustomer(db);
    const bobCall = cookieCaller(app, await newSessionCookie(app, bob.id));
    await bobCall('POST', endpoints.appAuth.authorize.path, { appId: thirdApp.appId, ...s256() });
    const bobs = (await bobCall<OtherAppsResponse>('GET', endpoints.otherApps.list.path)).body
      .appAuths[0]!;
    for (const id of [bobs.id, 'not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      const answer = await call(
        'DELETE',
        fillPath(endpoints.otherApps.revoke.path, { params: { id } }),
      );
      assert.equal(answer.status, 404, id);
    }
    assert.equal(
      (await bobCall<OtherAppsResponse>('GET', endpoints.otherApps.list.path)).body.appAuths.length,
      1,
    );
  });

  it('rate-limits failed client authentications from one address, then refuses the right secret too', async () => {
    const pair = (await exchange(thirdApp, await codeFor(thirdApp))).body;
    // An address of its own (the loopback proxy is trusted): no other test shares its count.
    const from = { 'x-forwarded-for': '198.51.100.28' };
    const refreshWith = (secret: string, headers: Record<string, string> = from) =>
      token(
        {
          grant_type: 'refresh_token',
          refresh_token: pair.refresh_token,
          client_id: thirdApp.appId,
          client_secret: secret,
        },
        { headers },
      );
    let last = 0;
    for (let i = 0; i < 25 && last !== 429; i += 1) {
      last = (await refreshWith('sk_' + 'z'.repeat(29))).status;
    }
    assert.equal(last, 429);
    const rightSecret = await refreshWith(thirdApp.secret);
    assert.equal(rightSecret.status, 429);
    assert.equal(rightSecret.body.error, ownMessages.tooManyRequests);
    assert.ok(Number(rightSecret.headers.get('retry-after')) > 0);
    // Another address is not held back, and the refused attempts spent nothing.
    assert.equal((await refreshWith(thirdApp.secret, {})).status, 200);
  });

  it('takes client_id for the App ID on the authorize call and the auth info, and refuses the two naming different apps', async () => {
    const viaClientId = await authorize({ client_id: otherApp.appId, redirect_uri: REDIRECT });
    assert.equal(viaClientId.status, 200, JSON.stringify(viaClientId.body));
    assert.equal(viaClientId.body.appId, otherApp.appId);
    const both = await authorize({ appId: otherApp.appId, client_id: otherApp.appId });
    assert.equal(both.status, 200);
    const conflict = await authorize({ appId: thirdApp.appId, client_id: otherApp.appId });
    assert.equal(conflict.status, 422);
    assert.equal(conflict.body.errors?.client_id, authorizationRequestErrors.appIdConflict);
    const neither = await authorize({ redirect_uri: REDIRECT });
    assert.equal(neither.status, 422);
    assert.equal(neither.body.errors?.appId, authorizationRequestErrors.missingAppId);

    const info = await call<AppAuthInfo>(
      'GET',
      `${endpoints.appAuth.info.path}?client_id=${otherApp.appId}`,
    );
    assert.equal(info.status, 200);
    assert.equal(info.body.app.id, otherApp.appId);
    const infoConflict = await call<{ errors?: Record<string, string> }>(
      'GET',
      `${endpoints.appAuth.info.path}?appId=${thirdApp.appId}&client_id=${otherApp.appId}`,
    );
    assert.equal(infoConflict.status, 422);
    assert.equal(infoConflict.body.errors?.client_id, authorizationRequestErrors.appIdConflict);
  });

  it('requires PKCE S256 and the code flow: the authorize call refuses, the auth info names the problem', async () => {
    const codesBefore = await codeCount();
    const challenge = pkcePair().challenge;
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ code_challenge: undefined }, 'code_challenge', 'missingCodeChallenge'],
      [{ code_challenge: challenge }, 'code_challenge_method', 'unsupportedChallengeMethod'],
      [
        { code_challenge: challenge, code_challenge_method: 'plain' },
        'code_challenge_method',
        'unsupportedChallengeMethod',
      ],
      [
        { code_challenge: 'short', code_challenge_method: 'S256' },
        'code_challenge',
        'malformedCodeChallenge',
      ],
      [{ response_type: 'token' }, 'response_type', 'unsupportedResponseType'],
    ];
    for (const [body, field, key] of refusals) {
      const refused = await authorize({ appId: thirdApp.appId, redirect_uri: REDIRECT, ...body });
      assert.equal(refused.status, 422, JSON.stringify(body));
      assert.equal(
        refused.body.errors?.[field],
        authorizationRequestErrors[key as keyof typeof authorizationRequestErrors],
        JSON.stringify(body),
      );
    }
    assert.equal(await codeCount(), codesBefore, 'no code was issued');

    const infoOf = async (query: Record<string, string>) =>
      (
        await call<AppAuthInfo>(
          'GET',
          `${endpoints.appAuth.info.path}?${new URLSearchParams({ appId: thirdApp.appId, redirect_uri: REDIRECT, ...query }).toString()}`,
        )
      ).body.problem;
    const valid = {
      response_type: 'code',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
    assert.equal(await infoOf(valid), null);
    assert.deepEqual(await infoOf({ ...valid, code_challenge_method: 'plain' }), {
      error: 'invalid_request',
      error_description: authorizationRequestErrors.unsupportedChallengeMethod,
    });
    assert.deepEqual(await infoOf({ response_type: 'code' }), {
      error: 'invalid_request',
      error_description: authorizationRequestErrors.missingCodeChallenge,
    });
    assert.deepEqual(await infoOf({ ...valid, response_type: 'token' }), {
      error: 'unsupported_response_type',
      error_description: authorizationRequestErrors.unsupportedResponseType,
    });
    assert.deepEqual(await infoOf({ code_challenge: challenge, code_challenge_method: 'S256' }), {
      error: 'invalid_request',
      error_description: authorizationRequestErrors.missingResponseType,
    });
  });

  it('pages projects through the (owner, updated_at, id) index', async () => {
    // A test table is tiny, so the planner would scan it whole: index use is checked with
    // sequential scans off, which leaves the index only if it serves the query.
    const plan: Array<{ 'QUERY PLAN': string }> = await app.runtime.dataSource.transaction(
      async (manager) => {
        await manager.query(`SET LOCAL enable_seqscan = off`);
        return manager.query(
          `EXPLAIN SELECT id FROM projects p
            WHERE p.owner_id = $1 AND NOT p.is_demo
              AND (p.updated_at, p.id) < ($2::timestamptz, $3::bpchar)
            ORDER BY p.updated_at DESC, p.id DESC LIMIT 21`,
          [customerId, new Date().toISOString(), 'z'.repeat(32)],
        );
      },
    );
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    assert.match(text, /projects_owner_updated_idx/, text);
  });

  it('stamps an app’s last use at most once a minute, not on every call', async () => {
    const live = (await exchange(otherApp, await codeFor(otherApp))).body.access_token;
    const stamp = async (): Promise<Date | null> =>
      (
        await app.runtime.dataSource.query(
          `SELECT last_used_at FROM app_authorizations WHERE customer_id = $1 AND app_id = $2`,
          [customerId, otherApp.id],
        )
      )[0].last_used_at;
    assert.equal((await api(endpoints.apiV1.me.path, live)).status, 200);
    const first = await stamp();
    assert.ok(first);
    assert.equal((await api(endpoints.apiV1.projects.path, live)).status, 200);
    assert.deepEqual(await stamp(), first, 'a second call within the minute writes nothing');
    await app.runtime.dataSource.query(
      `UPDATE app_authorizations SET last_used_at = now() - interval '61 seconds'
        WHERE customer_id = $1 AND app_id = $2`,
      [customerId, otherApp.id],
    );
    assert.equal((await api(endpoints.apiV1.me.path, live)).status, 200);
    assert.ok((await stamp())! > first);
  });

  it('answers hostile bodies on every new call with a 4xx', async () => {
    const hostile: Array<{ body: string; type: string }> = [
      { body: '[]', type: 'application/json' },
      { body: 'null', type: 'application/json' },
      { body: '"text"', type: 'application/json' },
      { body: '{"appId": {"$gt": ""}}', type: 'application/json' },
      { body: '{"grant_type": ["authorization_code"], "code": 1}', type: 'application/json' },
      { body: '{"__proto__": {"admin": true}}', type: 'application/json' },
      {
        body: `{"appId": "${thirdApp.appId}", "redirect_uri": "${'x'.repeat(3000)}"}`,
        type: 'application/json',
      },
      { body: `{"appId": "${thirdApp.appId}", "state": "a\\u0000b"}`, type: 'application/json' },
      {
        body: `{"appId": "${thirdApp.appId}", "code_challenge_method": "plain", "code_challenge": "${'a'.repeat(43)}"}`,
        type: 'application/json',
      },
      { body: '{"unterminated', type: 'application/json' },
      {
        body: 'grant_type=authorization_code&grant_type=refresh_token',
        type: 'application/x-www-form-urlencoded',
      },
      {
        body: 'grant_type=authorization_code&code=a%00b&client_id=x&client_secret=y',
        type: 'application/x-www-form-urlencoded',
      },
      { body: '__proto__[x]=1', type: 'application/x-www-form-urlencoded' },
      { body: 'just text', type: 'text/plain' },
      { body: '', type: 'application/json' },
    ];
    for (const path of [endpoints.appAuth.authorize.path, endpoints.appAuth.token.path]) {
      for (const { body, type } of hostile) {
        const response = await fetch(`${app.url}${path}`, {
          method: 'POST',
          headers: {
            'content-type': type,
            origin: app.url,
            ...(path === endpoints.appAuth.authorize.path ? { cookie } : {}),
          },
          body,
        });
        const answer = (await response.json()) as Record<string, unknown>;
        assert.ok(
          response.status >= 400 && response.status < 500,
          `${path} ${body}: ${response.status}`,
        );
        assert.equal(typeof answer.requestId, 'string', `${path} ${body}`);
      }
    }
    for (const query of [
      'appId[]=x',
      `appId=${thirdApp.appId}&redirect_uri=a&redirect_uri=b`,
      'appId=%00',
    ]) {
      const response = await fetch(`${app.url}${endpoints.appAuth.info.path}?${query}`);
      assert.ok(response.status >= 400 && response.status < 500, `${query}: ${response.status}`);
    }
    const badRevoke = await call('DELETE', `${endpoints.otherApps.list.path}/${'x'.repeat(500)}`);
    assert.ok(badRevoke.status >= 400 && badRevoke.status < 500, String(badRevoke.status));
  });

  it('serves a valid OpenAPI 3.1 description of /api/v1 and the token endpoint, without auth', async () => {
    const response = await fetch(`${app.url}${endpoints.apiV1.openapi.path}`);
    assert.equal(response.status, 200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, unknown>;
      components: {
        securitySchemes: {
          oauth2: { flows: { authorizationCode: { authorizationUrl: string; tokenUrl: string } } };
          bearer: { scheme: string };
        };
      };
    };
    const result = await validate(structuredClone(document) as never);
    assert.ok(result.valid, result.valid ? '' : compileErrors(result));
    assert.equal(document.openapi, '3.1.0');
    assert.deepEqual(
      Object.keys(document.paths).sort(),
      [endpoints.apiV1.me.path, endpoints.apiV1.projects.path, endpoints.appAuth.token.path].sort(),
    );
    const flow = document.components.securitySchemes.oauth2.flows.authorizationCode;
    assert.equal(flow.authorizationUrl, `${app.url}/app-auth`);
    assert.equal(flow.tokenUrl, `${app.url}${apiPaths.appToken}`);
    assert.equal(document.components.securitySchemes.bearer.scheme, 'bearer');
  });

  it('lets the hourly cleanup remove expired tokens, and codes a day after they expire', async () => {
    const db = app.runtime.dataSource;
    const code = await codeFor(otherApp);
    const pair = (await exchange(otherApp, code)).body;
    const hashOf = `encode(sha256($1::bytea), 'hex')`;
    await db.query(
      `UPDATE app_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashOf}`,
      [pair.access_token],
    );
    await db.query(
      `UPDATE app_authorization_codes SET expires_at = now() - interval '1 hour' WHERE code_hash = ${hashOf}`,
      [code],
    );
    await app.app.get(AppAuthorizationRepository).deleteExpired(new Date());
    const left = async (table: string, column: string, value: string) =>
      (await db.query(`SELECT 1 FROM ${table} WHERE ${column} = ${hashOf}`, [value])).length;
    assert.equal(await left('app_tokens', 'token_hash', pair.access_token), 0);
    assert.equal(await left('app_tokens', 'token_hash', pair.refresh_token), 1);
    assert.equal(await left('app_authorization_codes', 'code_hash', code), 1, 'kept a day');
    await db.query(
      `UPDATE app_authorization_codes SET expires_at = now() - interval '25 hours' WHERE code_hash = ${hashOf}`,
      [code],
    );
    await app.app.get(AppAuthorizationRepository).deleteExpired(new Date());
    assert.equal(await left('app_authorization_codes', 'code_hash', code), 0);
  });
});
