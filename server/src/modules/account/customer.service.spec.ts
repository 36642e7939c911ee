import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatSizeMb } from '@animata/contracts';
import { megabytes } from './customer.service.js';

describe('megabytes (the customer object storage.used)', () => {
  it('keeps kilobytes, so the storage box shows a few small projects as KB, not 0 KB', () => {
    assert.equal(formatSizeMb(megabytes(5 * 1024)), '5 KB');
    assert.equal(formatSizeMb(megabytes(0)), '0 KB');
  });

  it('answers whole and fractional megabytes', () => {
    assert.equal(megabytes(100 * 1024 * 1024), 100);
    assert.equal(formatSizeMb(megabytes(1.5 * 1024 * 1024)), '1.5 MB');
  });
});
