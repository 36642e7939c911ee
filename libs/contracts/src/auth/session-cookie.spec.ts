import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sessionCookieNameFor } from './session-cookie.js';

describe('sessionCookieNameFor', () => {
  it('prefixes the production name with __Host- and leaves the others plain', () => {
    assert.equal(sessionCookieNameFor(true), '__Host-animata_session');
    assert.equal(sessionCookieNameFor(false), 'animata_session');
  });
});
