import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { safeRedirect } from './safe-redirect.js';

describe('safeRedirect', () => {
  it('follows same-site paths with query and hash', () => {
    assert.equal(safeRedirect('/billing?tab=1#top'), '/billing?tab=1#top');
  });

  it('answers only ASCII, so any Location header accepts it', () => {
    assert.equal(
      safeRedirect('/projekte/größe?q=ü#ß'),
      '/projekte/gr%C3%B6%C3%9Fe?q=%C3%BC#%C3%9F',
    );
    assert.equal(safeRedirect('/a\uD800b'), '/a%EF%BF%BDb');
    for (const target of ['/€', '/𝓐?x=\uDFFF', '/a b#c d']) {
      assert.match(safeRedirect(target), /^\/[\x21-\x7e]*$/, target);
    }
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
