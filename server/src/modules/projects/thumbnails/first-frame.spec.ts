import 'reflect-metadata';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { blankPreview, firstFrameSvg, withoutCssAnimation } from './first-frame.js';

const NS = 'xmlns="http://www.w3.org/2000/svg"';

describe('firstFrameSvg', () => {
  it('removes SMIL elements and CSS animations, keeps the picture', async () => {
    const svg = await firstFrameSvg({
      options: {
        dimension: { width: 40, height: 20 },
        duration: 1000,
        fps: 30,
        background: '#fff',
      },
      document:
        `<svg ${NS}><style>@keyframes spin { 0% { opacity: 0 } to { opacity: 1 } } .a { fill: red; animation: spin 1s }</style>` +
        `<rect class="a" width="5" height="5" style="animation-name: spin; stroke: blue"/>` +
        `<circle r="2"><animate attributeName="r" to="9" dur="1s"/><set attributeName="fill" to="red"/></circle>` +
        `<g><animateTransform attributeName="transform" type="rotate" to="90" dur="1s"/></g>` +
        `<path d="M0 0"><animateMotion dur="1s" path="M0 0L9 9"/></path><script>alert(1)</script></svg>`,
      definitions: {},
    });
    assert.ok(svg);
    assert.doesNotMatch(svg, /animate|<set|keyframes|animation|script/i);
    assert.match(svg, /\.a \{ fill: red; ?\}/);
    assert.match(svg, /style="stroke: blue"/);
    assert.match(svg, /<circle r="2"\/>/);
    assert.match(svg, /viewBox="0 0 40 20"/);
    assert.match(svg, /<rect width="100%" height="100%" fill="#fff"\/>/);
  });

  it('paints no background when it is transparent and keeps the own viewBox', async () => {
    const svg = await firstFrameSvg({
      options: {
        dimension: { width: 40, height: 20 },
        duration: 0,
        fps: 30,
        background: 'transparent',
      },
      document: `<svg ${NS} viewBox="0 0 4 2"><rect width="1" height="1"/></svg>`,
      definitions: {},
    });
    assert.ok(svg);
    assert.match(svg, /viewBox="0 0 4 2"/);
    assert.doesNotMatch(svg, /100%/);
  });

  it('removes nested keyframes whole', () => {
    assert.equal(
      withoutCssAnimation(
        'a{x:1}@-webkit-keyframes k{from{y:1}to{y:2}}b{animation:k 1s;z:3}',
      ).trim(),
      'a{x:1}b{z:3}',
    );
  });

  it('shrinks a large embedded image, keeps a small one', async () => {
    // Noise does not compress: a PNG of several hundred KB.
    const noise = randomBytes(600 * 400 * 3);
    const big = await sharp(noise, { raw: { width: 600, height: 400, channels: 3 } })
      .png()
      .toBuffer();
    const bigHref = `data:image/png;base64,${big.toString('base64')}`;
    const smallHref = 'data:image/png;base64,iVBORw0KGgo=';
    const svg = await firstFrameSvg({
      options: {
        dimension: { width: 600, height: 400 },
        duration: 0,
        fps: 30,
        background: 'transparent',
      },
      document:
        `<svg ${NS}><image href="${bigHref}" width="600" height="400"/>` +
        `<image href="${smallHref}" width="1" height="1"/></svg>`,
      definitions: {},
    });
    assert.ok(svg);
    assert.ok(svg.length < bigHref.length / 2, `preview of ${svg.length} characters`);
    const webp = /href="data:image\/webp;base64,([^"]+)"/.exec(svg);
    assert.ok(webp);
    const shrunk = await sharp(Buffer.from(webp[1]!, 'base64')).metadata();
    assert.deepEqual([shrunk.width, shrunk.height], [480, 320]);
    assert.match(svg, /<image href="data:image\/webp;base64,[^"]+" width="600" height="400"\/>/);
    assert.ok(svg.includes(smallHref));
  });

  it('answers null for stored data that is not a project, and the blank preview has its size', async () => {
    assert.equal(await firstFrameSvg({} as never), null);
    assert.equal(await firstFrameSvg(null as never), null);
    assert.match(
      blankPreview({ options: { dimension: { width: 3, height: 2 } } } as never),
      /viewBox="0 0 3 2"/,
    );
    assert.match(blankPreview({} as never), /viewBox="0 0 1 1"/);
  });
});
