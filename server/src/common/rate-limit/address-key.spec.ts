import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addressKey } from './address-key.js';

describe('addressKey', () => {
  it('keeps an IPv4 address (also IPv4-mapped IPv6) as it is', () => {
    assert.equal(addressKey('203.0.113.7'), '203.0.113.7');
    assert.equal(addressKey('::ffff:203.0.113.7'), '203.0.113.7');
  });

  it('counts every IPv6 address of one /64 together, however it is written', () => {
    const a = addressKey('2001:db8:1:2:aaaa::1');
    assert.equal(a, '2001:db8:1:2::/64');
    assert.equal(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff'), a);
    assert.equal(addressKey('2001:DB8:1:2::7%eth0'), a);
    assert.notEqual(addressKey('2001:db8:1:3::1'), a);
    assert.equal(addressKey('::1'), '0:0:0:0::/64');
  });

  it('names a missing address', () => {
    assert.equal(addressKey(null), 'unknown');
  });
});
