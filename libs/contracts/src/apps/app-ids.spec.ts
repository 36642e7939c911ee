import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  APP_KEY_LENGTH,
  displayAppId,
  isSecretKeyShape,
  maskedSecret,
  parseAppId,
} from './app-ids.js';

const ID = 'a'.repeat(20) + '123456789';

describe('App IDs and secret keys (billing-teams-apps §2)', () => {
  it('shows an App ID as ai_{id}, 32 characters', () => {
    assert.equal(displayAppId(ID), `ai_${ID}`);
    assert.equal(displayAppId(ID).length, APP_KEY_LENGTH);
  });

  it('reads an App ID with or without its prefix', () => {
    assert.equal(parseAppId(`ai_${ID}`), ID);
    assert.equal(parseAppId(ID), ID);
  });

  it('refuses anything that cannot be an App ID', () => {
    for (const value of [
      undefined,
      null,
      42,
      '',
      'ai_',
      `ai_${ID}x`,
      `ai_${ID.slice(1)}`,
      `AI_${ID}`,
      `ai_${ID.toUpperCase()}`,
      `sk_${ID}`,
      `ai_ai_${ID.slice(3)}`,
      `ai_${ID.slice(1)}-`,
      ` ai_${ID}`,
    ]) {
      assert.equal(parseAppId(value), null, String(value));
    }
  });

  it('knows the shape of a secret key and masks all but its last four characters', () => {
    assert.equal(isSecretKeyShape(`sk_${ID}`), true);
    assert.equal(isSecretKeyShape(`ai_${ID}`), false);
    assert.equal(isSecretKeyShape(`sk_${ID}0`), false);
    assert.equal(isSecretKeyShape(123), false);
    const masked = maskedSecret('6789');
    assert.equal(masked.length, APP_KEY_LENGTH);
    assert.match(masked, /^sk_•{25}6789$/u);
  });
});
