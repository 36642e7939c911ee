import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lastActiveText } from './devices.js';

describe('lastActiveText', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  it('speaks in the coarsest unit that fits', () => {
    assert.equal(lastActiveText(ago(0), now), 'Active now');
    assert.equal(lastActiveText(ago(4.9), now), 'Active now');
    assert.equal(lastActiveText(ago(5), now), 'Last active 5 minutes ago');
    assert.equal(lastActiveText(ago(59), now), 'Last active 59 minutes ago');
    assert.equal(lastActiveText(ago(60), now), 'Last active 1 hour ago');
    assert.equal(lastActiveText(ago(23 * 60 + 59), now), 'Last active 23 hours ago');
    assert.equal(lastActiveText(ago(24 * 60), now), 'Last active yesterday');
    assert.equal(lastActiveText(ago(3 * 24 * 60), now), 'Last active 3 days ago');
  });

  it('treats a clock slightly ahead as now', () => {
    assert.equal(lastActiveText(new Date(now.getTime() + 30_000), now), 'Active now');
  });
});
