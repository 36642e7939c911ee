import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkSvgStructure } from './svg-structure.js';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const LIMITS = { maxElements: 20_000, maxDepth: 64 };

/** An SVG whose root holds `levels` groups, each inside the one before. */
function nested(levels: number): string {
  return `<svg ${NS}>${'<g>'.repeat(levels)}${'</g>'.repeat(levels)}</svg>`;
}

describe('checkSvgStructure', () => {
  it('passes a document at the limits: 64 levels deep, 20,000 elements', () => {
    assert.equal(checkSvgStructure(nested(63), LIMITS), 'ok');
    const wide = `<svg ${NS}>${'<rect/>'.repeat(19_999)}</svg>`;
    assert.equal(checkSvgStructure(wide, LIMITS), 'ok');
  });

  it('refuses one level or one element more, self-closing tags counted', () => {
    assert.equal(checkSvgStructure(nested(64), LIMITS), 'too-complex');
    const wide = `<svg ${NS}>${'<rect/>'.repeat(20_000)}</svg>`;
    assert.equal(checkSvgStructure(wide, LIMITS), 'too-complex');
  });

  it('refuses 3,000 and 5,000 levels and 70,000 nested groups without overflowing the stack', () => {
    for (const levels of [3_000, 5_000, 70_000]) {
      assert.equal(checkSvgStructure(nested(levels), LIMITS), 'too-complex', `${levels} levels`);
    }
  });

  it('does not count comments, CDATA or text as elements', () => {
    const text = `<svg ${NS}><!-- <g><g> --><style><![CDATA[ <g> ]]></style><text>a &lt; b</text></svg>`;
    assert.equal(checkSvgStructure(text, { maxElements: 3, maxDepth: 2 }), 'ok');
  });

  it('calls markup that is not well-formed XML not-xml', () => {
    assert.equal(checkSvgStructure(`<svg ${NS}><g></svg>`, LIMITS), 'not-xml');
    assert.equal(checkSvgStructure('not markup', LIMITS), 'not-xml');
  });
});
