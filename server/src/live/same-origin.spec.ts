import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isSameOrigin } from './same-origin.js';

describe('live channel same-origin check', () => {
  it('lets requests without an Origin through (same-origin polling, non-browser clients)', () => {
    assert.equal(isSameOrigin(undefined, 'localhost:3000', null), true);
    assert.equal(isSameOrigin(undefined, undefined, 'https://animata.example'), true);
  });

  it('with PUBLIC_URL set, accepts exactly that origin', () => {
    const publicOrigin = 'https://animata.example';
    assert.equal(isSameOrigin('https://animata.example', 'internal:3000', publicOrigin), true);
    assert.equal(isSameOrigin('http://animata.example', 'animata.example', publicOrigin), false);
    assert.equal(isSameOrigin('https://evil.example', 'animata.example', publicOrigin), false);
    assert.equal(
      isSameOrigin('https://animata.example.evil.example', 'animata.example', publicOrigin),
      false,
    );
  });

  it('without PUBLIC_URL, accepts an Origin whose host is the requested Host', () => {
    assert.equal(isSameOrigin('http://127.0.0.1:41234', '127.0.0.1:41234', null), true);
    assert.equal(isSameOrigin('http://LOCALHOST:3000', 'localhost:3000', null), true);
    assert.equal(isSameOrigin('http://127.0.0.1:41235', '127.0.0.1:41234', null), false);
    assert.equal(isSameOrigin('https://evil.example', '127.0.0.1:41234', null), false);
  });

  it('refuses opaque, malformed or non-web origins, and a missing Host', () => {
    assert.equal(isSameOrigin('null', 'localhost:3000', null), false);
    assert.equal(isSameOrigin('not a url', 'localhost:3000', null), false);
    assert.equal(isSameOrigin('file://localhost:3000', 'localhost:3000', null), false);
    assert.equal(isSameOrigin('http://localhost:3000', undefined, null), false);
  });
});
