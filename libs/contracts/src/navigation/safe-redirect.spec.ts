import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { safeRedirect } from './safe-redirect.js';

describe('safeRedirect', () => {
  it('follows same-site paths with query and hash', () => {
    assert.equal(safeRedirect('/billing?tab=1#top'), '/billing?tab=1#top');
  });

  it('sends everything else to the fallback', () => {
    for (const target of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      null,
      42,
      '/a\nb',
    ]) {
      assert.equal(safeRedirect(target), '/', String(target));
    }
  });
});
