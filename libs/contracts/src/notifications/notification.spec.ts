import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isSameSitePath, parseNotification, SNACKBAR_TIMEOUT_MS } from './notification.js';

describe('parseNotification', () => {
  it('keeps error, success and warning and reads anything else as info', () => {
    assert.equal(parseNotification({ type: 'error', message: 'x' })?.type, 'error');
    assert.equal(parseNotification({ type: 'success', message: 'x' })?.type, 'success');
    assert.equal(parseNotification({ type: 'warning', message: 'x' })?.type, 'warning');
    assert.equal(parseNotification({ type: 'banana', message: 'x' })?.type, 'info');
  });

  it('defaults the timeout to the 6000 ms snackbar time-out', () => {
    assert.equal(parseNotification({ message: 'Saved' })?.timeout, SNACKBAR_TIMEOUT_MS);
    assert.equal(SNACKBAR_TIMEOUT_MS, 6000);
    assert.equal(parseNotification({ message: 'Saved', timeout: 120000 })?.timeout, 120000);
  });

  it('refuses values without a message', () => {
    assert.equal(parseNotification(null), null);
    assert.equal(parseNotification({ type: 'error' }), null);
    assert.equal(parseNotification({ message: '   ' }), null);
  });

  it('drops a button that would lead off the site', () => {
    const kept = parseNotification({
      message: 'x',
      button: { label: 'Log In', href: '/auth/login' },
    });
    assert.deepEqual(kept?.button, { label: 'Log In', href: '/auth/login' });
    const dropped = parseNotification({
      message: 'x',
      button: { label: 'Go', href: '//evil.example' },
    });
    assert.equal(dropped?.button, undefined);
  });

  it('tells same-site paths from others', () => {
    assert.equal(isSameSitePath('/billing'), true);
    assert.equal(isSameSitePath('//evil.example'), false);
    assert.equal(isSameSitePath('/\\evil.example'), false);
    assert.equal(isSameSitePath('https://evil.example'), false);
  });
});
