import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SvgSanitiser } from './svg-sanitiser.js';

const sanitiser = new SvgSanitiser();
const SVG = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';

function clean(svg: string): string {
  const result = sanitiser.sanitise(Buffer.from(svg, 'utf8'));
  assert.ok(result.ok, `refused: ${JSON.stringify(result)}`);
  return result.serialize();
}

describe('SvgSanitiser', () => {
  it('removes scripts, on* handlers and javascript: links', () => {
    const out = clean(
      `<svg ${SVG} viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script>` +
        `<rect onclick="alert(3)" onmouseover="x()" width="5" height="5"/>` +
        `<a href="javascript:alert(4)"><circle r="2"/></a>` +
        `<a xlink:href="javascript:alert(5)"><text>t</text></a></svg>`,
    );
    assert.doesNotMatch(out, /script|alert|onload|onclick|onmouseover|javascript/i);
    assert.match(out, /<rect width="5" height="5"\/>/);
    assert.match(out, /<circle r="2"\/>/);
  });

  it('removes external image, use and feImage references', () => {
    const out = clean(
      `<svg ${SVG}><image href="https://evil.example/x.png" width="5" height="5"/>` +
        `<image xlink:href="data:image/png;base64,AAAA"/>` +
        `<use href="https://evil.example/s.svg#a"/><use xlink:href="https://evil.example/s.svg#b"/>` +
        `<filter id="f"><feImage href="https://evil.example/i.png"/></filter></svg>`,
    );
    assert.doesNotMatch(out, /evil\.example|data:|<image|<feImage/i);
  });

  it('removes style elements with @import and url(), style attributes and external url() values', () => {
    const out = clean(
      `<svg ${SVG}><style>@import url(https://evil.example/a.css); rect { fill: url(https://evil.example/p) }</style>` +
        `<rect style="fill:url(https://evil.example/q)" width="1" height="1"/>` +
        `<circle fill="url(https://evil.example/#g)" r="1"/>` +
        `<path filter="url( 'https://evil.example/f' )" d="M0 0"/></svg>`,
    );
    assert.doesNotMatch(out, /evil\.example|@import|<style|style=/i);
    assert.match(out, /<circle r="1"\/>/);
  });

  it('removes foreignObject with its HTML', () => {
    const out = clean(
      `<svg ${SVG}><foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"></iframe>hi</div></foreignObject><rect width="1" height="1"/></svg>`,
    );
    assert.doesNotMatch(out, /foreignObject|iframe|evil|<div/i);
  });

  it('refuses a DOCTYPE that declares entities, and drops a plain one', () => {
    const entities = sanitiser.sanitise(
      Buffer.from(
        `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><svg ${SVG}><text>&lol2;</text></svg>`,
      ),
    );
    assert.deepEqual(entities, { ok: false, reason: 'entities' });
    const external = sanitiser.sanitise(
      Buffer.from(
        `<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg ${SVG}><text>&xxe;</text></svg>`,
      ),
    );
    assert.equal(external.ok, false);
    const plain = clean(
      `<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg ${SVG} viewBox="0 0 4 4"><rect width="4" height="4"/></svg>`,
    );
    assert.doesNotMatch(plain, /DOCTYPE/);
    assert.match(plain, /viewBox="0 0 4 4"/);
  });

  it('keeps viewBox, gradients and url(#id) references', () => {
    const out = clean(
      `<svg ${SVG} viewBox="0 0 100 50"><defs><linearGradient id="g" x1="0" x2="1">` +
        `<stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient>` +
        `<clipPath id="c"><circle cx="25" cy="25" r="20"/></clipPath></defs>` +
        `<rect fill="url(#g)" clip-path="url('#c')" width="100" height="50"/></svg>`,
    );
    assert.match(out, /viewBox="0 0 100 50"/);
    assert.match(out, /<linearGradient id="g" x1="0" x2="1">/);
    assert.match(out, /fill="url\(#g\)"/);
    assert.match(out, /clip-path="url\('#c'\)"/);
    assert.match(out, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it('answers well-formed XML even for HTML-only entities', () => {
    const out = clean(`<svg ${SVG}><text>a&amp;b &lt; c</text></svg>`);
    assert.match(out, /a&amp;b &lt; c/);
  });

  it('refuses what is not an SVG document: other roots, broken XML, bad UTF-8', () => {
    for (const text of [
      '<html><body>x</body></html>',
      `<svg ${SVG}><rect></svg>`,
      '<svg><rect/></svg>',
      'plain text',
    ]) {
      assert.equal(sanitiser.sanitise(Buffer.from(text)).ok, false, text);
    }
    const latin1 = Buffer.concat([
      Buffer.from(`<svg ${SVG}><text>`),
      Buffer.from([0xe9]),
      Buffer.from('</text></svg>'),
    ]);
    assert.deepEqual(sanitiser.sanitise(latin1), { ok: false, reason: 'not-utf8' });
  });
});
