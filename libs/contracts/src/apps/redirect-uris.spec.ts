import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { originProblem, redirectUriProblem, registeredRedirect } from './redirect-uris.js';

describe('which redirect URIs an app may register (decision 80)', () => {
  it('takes https anywhere and http on loopback, in normal form', () => {
    for (const uri of [
      'https://app.example.com/callback',
      'https://app.example.com:8443/oauth/callback?x=1',
      'http://127.0.0.1:5000/callback',
      'http://[::1]:5000/callback',
      'http://localhost/callback',
    ]) {
      assert.equal(redirectUriProblem(uri), undefined, uri);
    }
  });

  it('refuses other schemes, plain http elsewhere, user info, fragments and unnormalised forms', () => {
    for (const uri of [
      'http://app.example.com/callback',
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://app.example.com/',
      'https://user:pass@app.example.com/callback',
      'https://app.example.com@evil.test/callback',
      'https://app.example.com/callback#frag',
      'https://APP.example.com/callback',
      'https://app.example.com:443/callback',
      'https://app.example.com/a/../callback',
      'https://app.example.com',
      '/callback',
      'not a url',
      `https://app.example.com/${'a'.repeat(2000)}`,
    ]) {
      assert.notEqual(redirectUriProblem(uri), undefined, uri);
    }
  });

  it('says what the normal form is', () => {
    assert.equal(
      redirectUriProblem('https://APP.example.com/callback'),
      'https://APP.example.com/callback is not in its normal form; use https://app.example.com/callback',
    );
  });
});

describe('which origins an app may register', () => {
  it('takes scheme://host[:port] only', () => {
    assert.equal(originProblem('https://app.example.com'), undefined);
    assert.equal(originProblem('http://127.0.0.1:5000'), undefined);
    assert.notEqual(originProblem('https://app.example.com/'), undefined);
    assert.notEqual(originProblem('https://app.example.com/path'), undefined);
    assert.notEqual(originProblem('http://app.example.com'), undefined);
    assert.notEqual(originProblem('null'), undefined);
    assert.notEqual(originProblem('file:///etc/passwd'), undefined);
  });
});

describe('matching a redirect URI', () => {
  const registered = ['http://127.0.0.1:5000/callback', 'https://app.example.com/cb'];

  it('matches only one of the registered strings exactly', () => {
    assert.equal(
      registeredRedirect(registered, 'https://app.example.com/cb'),
      'https://app.example.com/cb',
    );
    for (const candidate of [
      'https://app.example.com/cb/',
      'https://app.example.com/cb?x=1',
      'https://app.example.com/CB',
      'https://app.example.com/c%62',
      'http://127.0.0.1:5000/callback/../callback',
      'http://localhost:5000/callback',
      undefined,
      ['https://app.example.com/cb'],
    ]) {
      assert.equal(registeredRedirect(registered, candidate), null, String(candidate));
    }
  });
});
