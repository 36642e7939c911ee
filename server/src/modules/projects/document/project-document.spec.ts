import 'reflect-metadata';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PROJECT_DOCUMENT_LIMITS, projectMessages } from '@animata/contracts';
import { ProjectErrorCode, ProjectException } from '../project.exception.js';
import { cleanProjectData } from './project-document.js';

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const OPTIONS = {
  dimension: { width: 100, height: 50 },
  duration: 2000,
  fps: 30,
  background: '#ffffff',
};

function clean(body: string): string {
  return cleanProjectData({
    options: OPTIONS,
    document: `<svg ${NS} viewBox="0 0 100 50">${body}</svg>`,
    definitions: {},
  }).document;
}

function refusal(input: unknown): ProjectException {
  try {
    cleanProjectData(input);
  } catch (error) {
    assert.ok(error instanceof ProjectException, String(error));
    return error;
  }
  assert.fail('accepted');
}

describe('cleanProjectData: the document', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const out = cleanProjectData({
      options: OPTIONS,
      document:
        `<svg ${NS} onload="alert(1)"><script>alert(2)</script>` +
        `<rect onclick="alert(3)" width="5" height="5"/>` +
        `<a href="javascript:alert(4)"><circle r="2"/></a>` +
        `<a xlink:href="javascript:alert(5)"><text>t</text></a></svg>`,
      definitions: {},
    }).document;
    assert.doesNotMatch(out, /script|alert|onload|onclick|javascript|<a\b/i);
    assert.match(out, /<rect width="5" height="5"\/>/);
    assert.match(out, /<circle r="2"\/>/);
  });

  it('removes external href and xlink:href, keeps #fragments and embedded raster images', () => {
    const out = clean(
      `<defs><path id="p" d="M0 0L9 9"/></defs><use href="#p"/><use xlink:href="https://evil.example/s.svg#a"/>` +
        `<image href="https://evil.example/x.png" width="5" height="5"/>` +
        `<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>` +
        `<image xlink:href="data:image/svg+xml;base64,PHN2Zz4=" width="1" height="1"/>`,
    );
    assert.doesNotMatch(out, /evil\.example|image\/svg\+xml/);
    assert.match(out, /<use href="#p"\/>/);
    assert.match(out, /href="data:image\/png;base64,iVBORw0KGgo="/);
  });

  it('removes foreignObject with its HTML', () => {
    const out = clean(
      `<foreignObject width="9" height="9"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"></iframe>hi</div></foreignObject><rect width="1" height="1"/>`,
    );
    assert.doesNotMatch(out, /foreignObject|iframe|evil|<div/i);
    assert.match(out, /<rect width="1" height="1"\/>/);
  });

  it('keeps CSS animation but removes @import and external url() in <style> and style=""', () => {
    const out = clean(
      `<style>@import url(https://evil.example/a.css); @keyframes spin { to { transform: rotate(360deg) } }` +
        ` .a { animation: spin 2s infinite; fill: url(#g) } .b { background: url("http://evil.example/i.png") }` +
        ` .c { background: image-set("https://evil.example/i.png" 1x) }</style>` +
        `<rect class="a" width="1" height="1" style="animation: spin 1s linear"/>` +
        `<rect width="1" height="1" style="fill: url('https://evil.example/f')"/>` +
        `<circle r="1" fill="url(https://evil.example/#g)"/>` +
        `<rect width="1" height="1" style="fill: u\\72l(https://evil.example/e)"/>`,
    );
    assert.doesNotMatch(out, /evil\.example|@import/);
    assert.match(out, /@keyframes spin/);
    assert.match(out, /animation: spin 2s infinite; fill: url\(#g\)/);
    assert.match(out, /style="animation: spin 1s linear"/);
    assert.match(out, /<circle r="1"\/>/);
  });

  it('keeps SMIL animation but never one that targets href or an event attribute', () => {
    const out = clean(
      `<circle r="5"><animate attributeName="r" from="5" to="10" dur="1s" repeatCount="indefinite"/></circle>` +
        `<g><animateTransform attributeName="transform" type="rotate" from="0" to="360" dur="2s"/></g>` +
        `<path id="p" d="M0 0L9 9"/><rect width="1" height="1"><animateMotion dur="2s"><mpath href="#p"/></animateMotion></rect>` +
        `<rect width="1" height="1"><set attributeName="fill" to="red" begin="1s"/></rect>` +
        `<rect width="1" height="1"><set attributeName="href" to="javascript:alert(1)"/>` +
        `<animate attributeName="xlink:href" values="https://evil.example/a"/>` +
        `<animate attributeName="fill" to="url(https://evil.example/#x)" dur="1s"/></rect>`,
    );
    assert.match(
      out,
      /<animate attributeName="r" from="5" to="10" dur="1s" repeatCount="indefinite"\/>/,
    );
    assert.match(
      out,
      /<animateTransform attributeName="transform" type="rotate" from="0" to="360" dur="2s"\/>/,
    );
    assert.match(out, /<animateMotion dur="2s"><mpath href="#p"\/><\/animateMotion>/);
    assert.match(out, /<set attributeName="fill" to="red" begin="1s"\/>/);
    assert.doesNotMatch(out, /javascript|evil\.example|attributeName="(xlink:)?href"/);
  });

  it('sees through CDATA, upper case, entities, leading spaces and other referencing elements', () => {
    const out = clean(
      `<style><![CDATA[ @IMPORT 'https://evil.example/a.css'; .x { fill: URL(https://evil.example/b) }` +
        ` @font-face { font-family: f; src: url(https://evil.example/f.woff) } ]]></style>` +
        `<a xlink:href=" &#106;avascript:alert(1)"><text>t</text></a>` +
        `<use href="data:image/svg+xml;base64,AAAA"/>` +
        `<rect width="1" height="1"><animate attributeName=" HREF " values="x"/>` +
        `<set attributeName="style" to="background:url(https://evil.example/s)"/></rect>` +
        `<text><textPath href="https://evil.example/p">x</textPath></text>` +
        `<filter id="f"><feImage href="https://evil.example/i.png"/></filter>`,
    );
    assert.doesNotMatch(out, /evil\.example|@import|javascript|data:image\/svg|HREF/i);
  });

  it('keeps long embedded images whole, only where an image is allowed', () => {
    const base64 = Buffer.alloc(30_000, 7).toString('base64');
    const out = clean(
      `<image href="data:image/png;base64,${base64}" width="1" height="1"/>` +
        `<image xlink:href='data:image/jpeg;base64,${base64.slice(0, 4000)}\n${base64.slice(4000)}'/>` +
        `<use href="data:image/png;base64,${base64}"/>` +
        `<image href="data:image/svg+xml;base64,${base64}"/>`,
    );
    assert.ok(out.includes(`<image href="data:image/png;base64,${base64}" width="1" height="1"/>`));
    assert.ok(out.includes(`<image xlink:href="data:image/jpeg;base64,${base64}"/>`));
    assert.equal(out.split(base64).length, 3);
    assert.match(out, /<use\/>/);
  });

  it('refuses markup that is not an SVG document', () => {
    for (const document of ['<html><body/></html>', 'not markup', '<svg', 42]) {
      const error = refusal({ options: OPTIONS, document, definitions: {} });
      assert.equal(error.code, ProjectErrorCode.InvalidData, String(document));
      assert.equal(error.status, 422);
    }
  });

  it('refuses a DOCTYPE that declares entities', () => {
    const error = refusal({
      options: OPTIONS,
      document: `<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg ${NS}><text>&a;</text></svg>`,
      definitions: {},
    });
    assert.equal(error.code, ProjectErrorCode.InvalidData);
  });

  it('answers "too complex" past the byte, element and nesting limits', () => {
    const tooLong = `<svg ${NS}><desc>${'x'.repeat(PROJECT_DOCUMENT_LIMITS.maxDocumentBytes)}</desc></svg>`;
    const tooMany = `<svg ${NS}>${'<g/>'.repeat(PROJECT_DOCUMENT_LIMITS.maxElements)}</svg>`;
    const depth = PROJECT_DOCUMENT_LIMITS.maxDepth;
    const tooDeep = `<svg ${NS}>${'<g>'.repeat(depth)}${'</g>'.repeat(depth)}</svg>`;
    for (const document of [tooLong, tooMany, tooDeep]) {
      const error = refusal({ options: OPTIONS, document, definitions: {} });
      assert.equal(error.code, ProjectErrorCode.TooComplex);
      assert.equal(error.message, projectMessages.tooComplex);
    }
    const deepEnough = `<svg ${NS}>${'<g>'.repeat(depth - 1)}${'</g>'.repeat(depth - 1)}</svg>`;
    assert.ok(cleanProjectData({ options: OPTIONS, document: deepEnough, definitions: {} }));
  });
});

describe('cleanProjectData: options and definitions', () => {
  const document = `<svg ${NS}/>`;

  it('keeps a valid value and leaves out keys the schema does not name', () => {
    const data = cleanProjectData({
      options: { ...OPTIONS, extra: 1 },
      document,
      definitions: { layers: [{ id: 'a' }] },
      extra: true,
    });
    assert.deepEqual(data.options, OPTIONS);
    assert.deepEqual(data.definitions, { layers: [{ id: 'a' }] });
    assert.deepEqual(Object.keys(data).sort(), ['definitions', 'document', 'options']);
  });

  it('refuses options out of their bounds, with the field named', () => {
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ dimension: { width: 0, height: 10 } }, /options\.dimension\.width/],
      [{ dimension: { width: 10, height: 8193 } }, /options\.dimension\.height/],
      [{ dimension: { width: 1.5, height: 10 } }, /options\.dimension\.width/],
      [{ duration: -1 }, /options\.duration/],
      [{ fps: 0 }, /options\.fps/],
      [{ fps: '60' }, /options\.fps/],
      [{ background: 'red; background-image: url(x)' }, /options\.background/],
      [{ background: 'x'.repeat(65) }, /options\.background/],
    ];
    for (const [change, message] of bad) {
      const error = refusal({ options: { ...OPTIONS, ...change }, document, definitions: {} });
      assert.equal(error.code, ProjectErrorCode.InvalidData);
      assert.match(error.message, message);
    }
    for (const input of [null, [], 'x', { document, definitions: {} }]) {
      assert.equal(refusal(input).code, ProjectErrorCode.InvalidData);
    }
  });

  it('refuses definitions that are not an object, and too large ones as too complex', () => {
    assert.equal(
      refusal({ options: OPTIONS, document, definitions: [1] }).code,
      ProjectErrorCode.InvalidData,
    );
    const big = { text: 'x'.repeat(PROJECT_DOCUMENT_LIMITS.maxDefinitionsBytes) };
    assert.equal(
      refusal({ options: OPTIONS, document, definitions: big }).code,
      ProjectErrorCode.TooComplex,
    );
  });
});

describe('cleanProjectData: nested definitions', () => {
  it('answers "too complex" for definitions nested past the depth limit', () => {
    let nested: Record<string, unknown> = {};
    for (let i = 0; i < PROJECT_DOCUMENT_LIMITS.maxDepth + 1; i++) nested = { a: nested };
    const error = refusal({ options: OPTIONS, document: `<svg ${NS}/>`, definitions: nested });
    assert.equal(error.code, ProjectErrorCode.TooComplex);
  });
});
