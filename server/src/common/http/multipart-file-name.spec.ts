import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeMultipartFileName } from './multipart-file-name.js';

describe('decodeMultipartFileName', () => {
  it('gives back the quotes and line breaks a browser percent-encodes, keeping everything else', () => {
    assert.equal(
      decodeMultipartFileName('Résumé & bold %22quotes%22.svg'),
      'Résumé & bold "quotes".svg',
    );
    assert.equal(decodeMultipartFileName('a%0Ab%0d%0Ac.svg'), 'a\nb\r\nc.svg');
    // Only those three: the rest of the name is as the browser wrote it.
    for (const kept of [
      '100% sure.svg',
      'a%20b.svg',
      'x%2522.svg',
      '%E2%9C%93.png',
      'ü ß 漢字.png',
    ])
      assert.equal(decodeMultipartFileName(kept), kept);
  });
});
