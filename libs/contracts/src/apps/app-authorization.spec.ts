import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  authorizationRequestErrors,
  authorizationRequestProblem,
  requestedApp,
} from './app-authorization.js';

// RFC 7636 Appendix B's challenge.
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const VALID = { response_type: 'code', code_challenge: CHALLENGE, code_challenge_method: 'S256' };

describe('the App ID of an authorization request (issue 28)', () => {
  it('takes appId or client_id, and both only when they agree', () => {
    assert.deepEqual(requestedApp('ai_a', null), { kind: 'app', appId: 'ai_a' });
    assert.deepEqual(requestedApp(undefined, 'ai_a'), { kind: 'app', appId: 'ai_a' });
    assert.deepEqual(requestedApp('ai_a', 'ai_a'), { kind: 'app', appId: 'ai_a' });
    assert.deepEqual(requestedApp('ai_a', 'ai_b'), { kind: 'conflict' });
    assert.deepEqual(requestedApp(null, undefined), { kind: 'none' });
  });
});

describe('what the page refuses before the consent (code flow, PKCE S256)', () => {
  it('lets a code request with an S256 challenge through', () => {
    assert.equal(authorizationRequestProblem(VALID), null);
    assert.equal(authorizationRequestProblem({ ...VALID, code_challenge: 'a'.repeat(128) }), null);
  });

  it('refuses each variant with its RFC 6749 error and description', () => {
    const cases: Array<[Record<string, string | null>, string, string]> = [
      [{ response_type: null }, 'invalid_request', authorizationRequestErrors.missingResponseType],
      [
        { response_type: 'token' },
        'unsupported_response_type',
        authorizationRequestErrors.unsupportedResponseType,
      ],
      [
        { response_type: 'code token' },
        'unsupported_response_type',
        authorizationRequestErrors.unsupportedResponseType,
      ],
      [
        { code_challenge: null },
        'invalid_request',
        authorizationRequestErrors.missingCodeChallenge,
      ],
      [
        { code_challenge_method: null },
        'invalid_request',
        authorizationRequestErrors.unsupportedChallengeMethod,
      ],
      [
        { code_challenge_method: 'plain' },
        'invalid_request',
        authorizationRequestErrors.unsupportedChallengeMethod,
      ],
      [
        { code_challenge_method: 's256' },
        'invalid_request',
        authorizationRequestErrors.unsupportedChallengeMethod,
      ],
      [
        { code_challenge: 'a'.repeat(42) },
        'invalid_request',
        authorizationRequestErrors.malformedCodeChallenge,
      ],
      [
        { code_challenge: `${'a'.repeat(42)}=` },
        'invalid_request',
        authorizationRequestErrors.malformedCodeChallenge,
      ],
    ];
    for (const [change, error, description] of cases) {
      assert.deepEqual(
        authorizationRequestProblem({ ...VALID, ...change }),
        { error, error_description: description },
        JSON.stringify(change),
      );
    }
  });
});
