import 'reflect-metadata';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { firstFrameSvg, withoutCssAnimation } from './first-frame.js';

const NS = 'xmlns="http://www.w3.org/2000/svg"';

describe('firstFrameSvg', () => {
  it('removes SMIL elements and CSS animations, keeps the picture', () => {
    const svg = firstFrameSvg({
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

  it('paints no background when it is transparent and keeps the own viewBox', () => {
    const svg = firstFrameSvg({
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
});
