import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RegisteredApp } from '../app-registry.js';
import { popupOrigin } from './app-authorization.service.js';

const app = (origins: string[]): RegisteredApp => ({
  id: 'a'.repeat(29),
  name: 'App',
  redirectUris: [],
  origins,
});

describe('popupOrigin', () => {
  it('posts to the origin asked for only when the app registered it, else its first', () => {
    const registered = app(['https://one.test', 'https://two.test']);
    assert.equal(popupOrigin(registered, 'https://two.test'), 'https://two.test');
    assert.equal(popupOrigin(registered, 'https://evil.test'), 'https://one.test');
    assert.equal(popupOrigin(registered, 'https://TWO.test'), 'https://one.test');
    assert.equal(popupOrigin(registered, undefined), 'https://one.test');
  });

  it('has no target (never *) for an app without origins', () => {
    assert.equal(popupOrigin(app([]), '*'), null);
    assert.equal(popupOrigin(app([]), undefined), null);
  });
});
