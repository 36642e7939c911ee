import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { attachmentDisposition } from '../../common/http/attachment.js';
import { parseRange, renderContentType, renderFileName } from './render-files.js';
import { shareSignature, shareUrl, verifyShare } from './render-share.js';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const ID = 'a'.repeat(32);
const NOW = new Date('2026-12-07T05:00:00Z');
const LATER = new Date('2026-12-14T05:00:00Z');

describe('render share URLs', () => {
  it('signs "{id}.{expires}" with HMAC-SHA-256, base64url', () => {
    const expected = createHmac('sha256', SECRET).update(`${ID}.1781000000`).digest('base64url');
    assert.equal(shareSignature(SECRET, ID, 1781000000), expected);
    assert.notEqual(shareSignature('another secret', ID, 1781000000), expected);
  });

  it('makes the public URL with the expiry in seconds', () => {
    const url = new URL(shareUrl('https://animata.example/', SECRET, ID, LATER));
    assert.equal(url.origin, 'https://animata.example');
    assert.equal(url.pathname, `/api/animata/video/shared/${ID}`);
    const expires = url.searchParams.get('expires')!;
    assert.equal(expires, String(LATER.getTime() / 1000));
    assert.equal(url.searchParams.get('signature'), shareSignature(SECRET, ID, Number(expires)));
  });

  it('accepts its own URL until it expires', () => {
    const url = new URL(shareUrl('https://animata.example', SECRET, ID, LATER));
    const expires = url.searchParams.get('expires');
    const signature = url.searchParams.get('signature');
    assert.deepEqual(verifyShare(SECRET, ID, expires, signature, NOW), {
      valid: true,
      expiresAt: LATER,
    });
    assert.deepEqual(verifyShare(SECRET, ID, expires, signature, LATER), { valid: false });
  });

  it('refuses tampered, foreign and malformed URLs', () => {
    const expires = String(LATER.getTime() / 1000);
    const signature = shareSignature(SECRET, ID, Number(expires));
    const refused = { valid: false };
    assert.deepEqual(verifyShare(SECRET, 'b'.repeat(32), expires, signature, NOW), refused);
    assert.deepEqual(verifyShare(SECRET, ID, String(Number(expires) + 1), signature, NOW), refused);
    assert.deepEqual(verifyShare('other secret', ID, expires, signature, NOW), refused);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    assert.deepEqual(verifyShare(SECRET, ID, expires, flipped, NOW), refused);
    for (const [e, s] of [
      [undefined, signature],
      [expires, undefined],
      ['12a', signature],
      [expires, signature.slice(1)],
      [expires, `${signature}=`],
      [['1'], signature],
      [expires, '\u0000'.repeat(43)],
    ] as const) {
      assert.deepEqual(verifyShare(SECRET, ID, e, s, NOW), refused);
    }
  });
});

describe('render files', () => {
  it('answers each format its content type', () => {
    assert.deepEqual(
      ['mp4', 'webm', 'mov', 'gif', 'webp', 'apng', 'zip', 'exe'].map(renderContentType),
      [
        'video/mp4',
        'video/webm',
        'video/quicktime',
        'image/gif',
        'image/webp',
        'image/apng',
        'application/zip',
        'application/octet-stream',
      ],
    );
  });

  it('names a download after its title, safely', () => {
    assert.equal(renderFileName('Bouncing ball', 'mp4'), 'Bouncing ball.mp4');
    assert.equal(renderFileName('../../etc/passwd', 'gif'), '_.._etc_passwd.gif');
    assert.equal(renderFileName('a\u0000b:c*d?"e"<f>|g\\h', 'zip'), 'a_b_c_d__e__f__g_h.zip');
    assert.equal(renderFileName('  ...  ', 'webm'), 'render.webm');
    assert.equal(
      attachmentDisposition(renderFileName('Ball "final"', 'mp4')),
      `attachment; filename="Ball _final_.mp4"; filename*=UTF-8''Ball%20_final_.mp4`,
    );
  });

  it('reads one byte range of a Range header', () => {
    assert.deepEqual(parseRange(undefined, 1000), { kind: 'full' });
    assert.deepEqual(parseRange('bytes=0-99', 1000), { kind: 'partial', start: 0, end: 99 });
    assert.deepEqual(parseRange('bytes=900-', 1000), { kind: 'partial', start: 900, end: 999 });
    assert.deepEqual(parseRange('bytes=900-5000', 1000), { kind: 'partial', start: 900, end: 999 });
    assert.deepEqual(parseRange('bytes=-100', 1000), { kind: 'partial', start: 900, end: 999 });
    assert.deepEqual(parseRange('bytes=-5000', 1000), { kind: 'partial', start: 0, end: 999 });
    assert.deepEqual(parseRange('bytes=1000-', 1000), { kind: 'unsatisfiable' });
    assert.deepEqual(parseRange('bytes=-0', 1000), { kind: 'unsatisfiable' });
    assert.deepEqual(parseRange('bytes=0-', 0), { kind: 'unsatisfiable' });
    // Ignored (the whole file): other units, several ranges, nonsense, a reversed range.
    for (const header of ['items=0-1', 'bytes=0-1,5-6', 'bytes=a-b', 'bytes=-', 'bytes=9-3']) {
      assert.deepEqual(parseRange(header, 1000), { kind: 'full' }, header);
    }
  });
});
