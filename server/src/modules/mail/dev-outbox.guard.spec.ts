import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mayReadOutbox } from './dev-outbox.guard.js';

const KEY = 'k3y-of-this-start-0123456789';

function request(
  options: { key?: unknown; peer?: string; headers?: Record<string, string> } = {},
): Parameters<typeof mayReadOutbox>[1] {
  return {
    query: 'key' in options ? { key: options.key } : {},
    headers: options.headers ?? {},
    socket: { remoteAddress: options.peer ?? '127.0.0.1' },
  };
}

describe('mayReadOutbox', () => {
  it('lets in the key of this start from a loopback peer, IPv4, IPv6 and mapped', () => {
    for (const peer of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
      assert.equal(mayReadOutbox(KEY, request({ key: KEY, peer })), true, peer);
    }
  });

  it('refuses no key, another key, a key of another type, and everything without a key set', () => {
    assert.equal(mayReadOutbox(KEY, request()), false);
    assert.equal(mayReadOutbox(KEY, request({ key: '' })), false);
    assert.equal(mayReadOutbox(KEY, request({ key: `${KEY}x` })), false);
    assert.equal(mayReadOutbox(KEY, request({ key: KEY.slice(0, -1) })), false);
    assert.equal(mayReadOutbox(KEY, request({ key: [KEY, KEY] })), false);
    assert.equal(mayReadOutbox(null, request({ key: KEY })), false);
  });

  it('refuses a peer that is not this machine, even with the key', () => {
    for (const peer of ['10.0.0.7', '192.168.1.2', '::ffff:10.0.0.7', '2001:db8::1', '']) {
      assert.equal(mayReadOutbox(KEY, request({ key: KEY, peer })), false, peer);
    }
  });

  it('refuses a request naming a forwarded address, even from loopback with the key', () => {
    const forwarded: Array<Record<string, string>> = [
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
    ];
    for (const headers of forwarded) {
      assert.equal(mayReadOutbox(KEY, request({ key: KEY, headers })), false);
    }
  });
});
