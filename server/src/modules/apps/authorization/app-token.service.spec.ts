import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { appTokenErrorDescriptions } from '@animata/contracts';
import type { RateLimiter, RateLimitPeek } from '../../../common/rate-limit/rate-limiter.js';
import type { AppRegistry, RegisteredApp } from '../app-registry.js';
import { AppAuthorizationException } from './app-authorization.exception.js';
import type { AppAuthorizationRepository, ClaimedCode } from './app-authorization.repository.js';
import { AppTokenService, CLIENT_AUTH_FAILURES } from './app-token.service.js';
import { OAuthError } from './oauth-error.js';

const APP: RegisteredApp = { id: 'a'.repeat(29), name: 'App', redirectUris: [], origins: [] };
const CLIENT = { client_id: 'ai_good', client_secret: 'sk_good' };
const NOW = new Date('2026-11-27T12:00:00Z');

/** A service over fakes: one good client, a code store answering `claimed`, a counting limiter. */
function service(claimed: ClaimedCode | null = null) {
  const hits: string[] = [];
  const revoked: string[] = [];
  const issued: string[] = [];
  const apps = {
    authenticateClient: async (id: unknown, secret: unknown) =>
      id === CLIENT.client_id && secret === CLIENT.client_secret ? APP : null,
  } as unknown as AppRegistry;
  const limiter: RateLimiter & RateLimitPeek = {
    hit: async (key, limit) => {
      hits.push(key);
      const count = hits.filter((hit) => hit === key).length;
      return { allowed: count <= limit, hits: count, retryAfterMs: 1000 };
    },
    peek: async (key, limit) => {
      const count = hits.filter((hit) => hit === key).length;
      return { allowed: count < limit, hits: count, retryAfterMs: 1000 };
    },
  };
  const repository = {
    transaction: async <T>(work: (manager: never) => Promise<T>) => work(undefined as never),
    claimCode: async () => claimed,
    revokeTokensOfReusedCode: async (_manager: never, hash: string) => {
      revoked.push(hash);
      return true;
    },
    insertTokens: async (_manager: never, authorizationId: string) => {
      issued.push(authorizationId);
    },
  } as unknown as AppAuthorizationRepository;
  const tokens = new AppTokenService(apps, repository, limiter, { now: () => NOW });
  return { tokens, hits, revoked, issued };
}

const call = (body: unknown, authorization?: string) => ({
  body,
  authorization,
  ipAddress: '203.0.113.7',
});

async function refusal(promise: Promise<unknown>): Promise<OAuthError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OAuthError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('AppTokenService', () => {
  it('issues a pair for a good code and client, with the fixed scope', async () => {
    const { tokens, issued } = service({
      authorization_id: 'grant',
      redirect_uri: null,
      code_challenge: null,
    });
    const answer = await tokens.token(
      call({ grant_type: 'authorization_code', code: 'c', ...CLIENT, extra: 'ignored' }),
    );
    assert.equal(answer.token_type, 'Bearer');
    assert.equal(answer.scope, 'account:read projects:read');
    assert.notEqual(answer.access_token, answer.refresh_token);
    assert.deepEqual(issued, ['grant']);
  });

  it('answers RFC 6749 errors: malformed body, unknown grant, no client, two methods', async () => {
    const { tokens } = service();
    assert.equal((await refusal(tokens.token(call([])))).error, 'invalid_request');
    assert.equal((await refusal(tokens.token(call({ grant_type: 1 })))).error, 'invalid_request');
    assert.equal(
      (await refusal(tokens.token(call({ grant_type: 'password', ...CLIENT })))).error,
      'unsupported_grant_type',
    );
    const noClient = await refusal(tokens.token(call({ grant_type: 'authorization_code' })));
    assert.equal(noClient.error, 'invalid_client');
    assert.equal(noClient.status, 401);
    const basic = `Basic ${Buffer.from('ai_good:sk_good').toString('base64')}`;
    const both = await refusal(
      tokens.token(call({ grant_type: 'authorization_code', code: 'c', ...CLIENT }, basic)),
    );
    assert.equal(both.description, appTokenErrorDescriptions.twoClientAuthentications);
  });

  it('challenges with Basic only when Basic failed', async () => {
    const { tokens } = service();
    const basic = `Basic ${Buffer.from('ai_good:sk_bad').toString('base64')}`;
    const viaBasic = await refusal(tokens.token(call({ grant_type: 'refresh_token' }, basic)));
    assert.equal(viaBasic.basicChallenge, true);
    const viaBody = await refusal(
      tokens.token(call({ grant_type: 'refresh_token', client_id: 'ai_good', client_secret: 'x' })),
    );
    assert.equal(viaBody.basicChallenge, false);
  });

  it('answers 429 once an address failed client authentication too often, to the right secret too', async () => {
    const { tokens, hits, issued } = service({
      authorization_id: 'grant',
      redirect_uri: null,
      code_challenge: null,
    });
    const bad = { grant_type: 'refresh_token', client_id: 'ai_good', client_secret: 'nope' };
    for (let i = 0; i < CLIENT_AUTH_FAILURES.limit; i += 1)
      assert.equal((await refusal(tokens.token(call(bad)))).error, 'invalid_client');
    const tooMany = (error: unknown) =>
      error instanceof AppAuthorizationException && error.status === 429;
    await assert.rejects(tokens.token(call(bad)), tooMany);
    await assert.rejects(
      tokens.token(call({ grant_type: 'authorization_code', code: 'c', ...CLIENT })),
      tooMany,
    );
    assert.deepEqual(issued, [], 'the right secret got nothing');
    assert.equal(hits.length, CLIENT_AUTH_FAILURES.limit, 'refusals while locked count nothing');
    assert.ok(hits.every((key) => key === 'app-client:203.0.113.7'));
  });

  it('refuses a code it cannot claim and revokes what a reused code gave', async () => {
    const { tokens, revoked } = service(null);
    const answer = await refusal(
      tokens.token(call({ grant_type: 'authorization_code', code: 'c', ...CLIENT })),
    );
    assert.equal(answer.error, 'invalid_grant');
    assert.equal(revoked.length, 1);
  });

  it('checks redirect_uri and PKCE against the claimed code', async () => {
    const withRedirect = service({
      authorization_id: 'grant',
      redirect_uri: 'https://app.test/cb',
      code_challenge: null,
    });
    const mismatch = await refusal(
      withRedirect.tokens.token(call({ grant_type: 'authorization_code', code: 'c', ...CLIENT })),
    );
    assert.equal(mismatch.description, appTokenErrorDescriptions.redirectMismatch);

    const withChallenge = service({
      authorization_id: 'grant',
      redirect_uri: null,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    });
    const missing = await refusal(
      withChallenge.tokens.token(call({ grant_type: 'authorization_code', code: 'c', ...CLIENT })),
    );
    assert.equal(missing.description, appTokenErrorDescriptions.missingVerifier);
    const good = await withChallenge.tokens.token(
      call({
        grant_type: 'authorization_code',
        code: 'c',
        code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
        ...CLIENT,
      }),
    );
    assert.equal(good.token_type, 'Bearer');
    assert.deepEqual(withChallenge.issued, ['grant']);
  });
});
