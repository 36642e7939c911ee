import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  deviceCookieAfterSignIn,
  deviceMark,
  isKnownDevice,
  MAX_DEVICE_MARKS,
  readDeviceCookie,
} from './device-cookie.js';

const ada = { id: '7d1f6a52-0f0e-4a52-9a55-5b8d2f0a6c01', passwordHash: '$argon2id$v=19$ada' };
const bob = { id: '2b4c3f1e-8a9d-4d6e-b7c5-1f2e3d4c5b6a', passwordHash: '$argon2id$v=19$bob' };

function signIn(cookie: string | null, customer: typeof ada): string {
  const next = deviceCookieAfterSignIn(readDeviceCookie(cookie), customer);
  return next ?? (cookie as string);
}

describe('device cookie', () => {
  it('makes a browser known to the customer who signed in with it, and to nobody else', () => {
    const cookie = signIn(null, ada);
    assert.equal(isKnownDevice(readDeviceCookie(cookie), ada), true);
    assert.equal(isKnownDevice(readDeviceCookie(cookie), bob), false);
    assert.equal(isKnownDevice(readDeviceCookie(null), ada), false);
  });

  it('sets nothing new when the device is already known', () => {
    const cookie = signIn(null, ada);
    assert.equal(deviceCookieAfterSignIn(readDeviceCookie(cookie), ada), null);
  });

  it('keeps the device id and adds a mark for a second customer', () => {
    const first = signIn(null, ada);
    const both = signIn(first, bob);
    assert.equal(both.split('.')[0], first.split('.')[0]);
    assert.equal(isKnownDevice(readDeviceCookie(both), ada), true);
    assert.equal(isKnownDevice(readDeviceCookie(both), bob), true);
  });

  it('forgets every device when the password changes', () => {
    const cookie = signIn(null, ada);
    const newPassword = { ...ada, passwordHash: '$argon2id$v=19$ada-new' };
    assert.equal(isKnownDevice(readDeviceCookie(cookie), newPassword), false);
  });

  it('cannot be forged by copying a mark to another device id', () => {
    const cookie = signIn(null, ada);
    const [, mark] = cookie.split('.');
    const forged = `${'A'.repeat(43)}.${mark}`;
    assert.equal(isKnownDevice(readDeviceCookie(forged), ada), false);
  });

  it('keeps only the last marks', () => {
    let cookie = signIn(null, ada);
    for (let i = 0; i < MAX_DEVICE_MARKS; i += 1) {
      cookie = signIn(cookie, { id: `customer-${i}`, passwordHash: `hash-${i}` });
    }
    assert.equal(cookie.split('.').length, MAX_DEVICE_MARKS + 1);
    assert.equal(
      isKnownDevice(readDeviceCookie(cookie), ada),
      false,
      'the oldest mark dropped off',
    );
  });

  it('reads older cookies (a bare id) and refuses malformed ones', () => {
    const bare = 'x'.repeat(43);
    assert.deepEqual(readDeviceCookie(bare), { id: bare, marks: [] });
    assert.equal(readDeviceCookie('not a cookie!'), null);
    assert.equal(readDeviceCookie('a'.repeat(2000)), null);
    const upgraded = signIn(bare, ada);
    assert.equal(upgraded, `${bare}.${deviceMark(bare, ada)}`);
  });

  it('gives no mark to a customer without a password', () => {
    const social = { id: ada.id, passwordHash: null };
    const cookie = deviceCookieAfterSignIn(null, social);
    assert.ok(cookie && !cookie.includes('.'));
    assert.equal(isKnownDevice(readDeviceCookie(cookie), social), false);
  });
});
