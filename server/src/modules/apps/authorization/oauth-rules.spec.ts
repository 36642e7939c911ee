import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import {
  bearerChallenge,
  bearerToken,
  clientCredentials,
  hasBearerScheme,
  verifierMatches,
} from './oauth-rules.js';

// RFC 7636 Appendix B's example pair.
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

const basic = (raw: string) => `Basic ${Buffer.from(raw).toString('base64')}`;

describe('verifierMatches (PKCE S256)', () => {
  it('accepts the RFC 7636 example pair', () => {
    assert.equal(verifierMatches(VERIFIER, CHALLENGE), true);
  });

  it('refuses another verifier, the challenge itself, and verifiers of the wrong shape', () => {
    assert.equal(verifierMatches(`${VERIFIER.slice(0, -1)}Y`, CHALLENGE), false);
    assert.equal(verifierMatches(CHALLENGE, CHALLENGE), false);
    const short = 'a'.repeat(42);
    const shortChallenge = createHash('sha256').update(short).digest('base64url');
    assert.equal(verifierMatches(short, shortChallenge), false, 'under 43 characters');
    const spaced = `${'a'.repeat(43)} `;
    assert.equal(
      verifierMatches(spaced, createHash('sha256').update(spaced).digest('base64url')),
      false,
    );
    assert.equal(verifierMatches(VERIFIER, `${CHALLENGE}=`), false, 'other length');
  });
});

describe('clientCredentials', () => {
  it('reads HTTP Basic, form-URL-decoding each half (RFC 6749 §2.3.1)', () => {
    const found = clientCredentials(basic('ai_x%3Ay:sk_a%2Bb+c'), {});
    assert.deepEqual(found, {
      kind: 'credentials',
      credentials: { clientId: 'ai_x:y', clientSecret: 'sk_a+b c', via: 'basic' },
    });
  });

  it('reads the body pair, and nothing from half a pair', () => {
    assert.deepEqual(clientCredentials(undefined, { client_id: 'a', client_secret: 'b' }), {
      kind: 'credentials',
      credentials: { clientId: 'a', clientSecret: 'b', via: 'body' },
    });
    assert.deepEqual(clientCredentials(undefined, { client_id: 'a' }), { kind: 'none' });
    assert.deepEqual(clientCredentials(undefined, {}), { kind: 'none' });
    assert.deepEqual(clientCredentials('Bearer x', {}), { kind: 'none' });
  });

  it('refuses two methods at once, but takes Basic’s own client_id repeated in the body', () => {
    assert.deepEqual(clientCredentials(basic('a:b'), { client_secret: 'b' }), { kind: 'both' });
    assert.deepEqual(clientCredentials(basic('a:b'), { client_id: 'c' }), { kind: 'both' });
    assert.equal(clientCredentials(basic('a:b'), { client_id: 'a' }).kind, 'credentials');
  });

  it('calls a Basic header that is no pair bad-basic', () => {
    for (const header of ['Basic', 'Basic !!!', basic('no-colon'), basic('%E0%A4%A:x')])
      assert.deepEqual(clientCredentials(header, {}), { kind: 'bad-basic' }, header);
  });
});

describe('bearerToken', () => {
  it('reads RFC 6750 tokens and nothing else', () => {
    assert.equal(bearerToken('Bearer abc-_.~+/=='), 'abc-_.~+/==');
    assert.equal(bearerToken('bearer abc'), 'abc');
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Basic abc',
      'Bearer a b',
      'Bearer a,b',
    ])
      assert.equal(bearerToken(header), null, String(header));
  });
});

describe('bearerChallenge', () => {
  it('names invalid_token only when a bearer token came (RFC 6750 §3.1)', () => {
    for (const header of [undefined, '', 'Basic abc', 'Digest x'])
      assert.equal(bearerChallenge(hasBearerScheme(header)), 'Bearer realm="animata"', header);
    for (const header of ['Bearer', 'Bearer abc', 'bearer a b'])
      assert.equal(
        bearerChallenge(hasBearerScheme(header)),
        'Bearer realm="animata", error="invalid_token"',
        header,
      );
  });
});
