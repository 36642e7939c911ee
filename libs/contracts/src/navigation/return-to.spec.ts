import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loginUrlFor, strongPasswordUrlFor, withReturnTo } from './return-to.js';

describe('return-to addresses', () => {
  it('carries a same-site destination in url, encoded', () => {
    assert.equal(loginUrlFor('/account'), '/auth/login?url=%2Faccount');
    assert.equal(loginUrlFor('/billing?tab=1#top'), '/auth/login?url=%2Fbilling%3Ftab%3D1%23top');
    assert.equal(withReturnTo('/auth/register', '/billing'), '/auth/register?url=%2Fbilling');
  });

  it('leaves out the home page and anything that is not a same-site path', () => {
    for (const target of ['/', '', null, undefined, 'https://evil.example', '//evil.example']) {
      assert.equal(loginUrlFor(target), '/auth/login', String(target));
    }
  });

  it('always gives the strong-password screen the url to go on to', () => {
    assert.equal(strongPasswordUrlFor('/account'), '/auth/strong-password?url=%2Faccount');
    assert.equal(strongPasswordUrlFor('/'), '/auth/strong-password?url=%2F');
  });
});
