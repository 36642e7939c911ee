import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * DOMPurify's SVG profile alone keeps external image, use and style references (the plan's
 * scratch run), so elements that can load or run anything are forbidden outright, `style`
 * attributes with them, and a hook drops the remaining references that leave the document.
 */
const PURIFY_CONFIG: Config = {
  USE_PROFILES: { svg: true, svgFilters: true },
  FORBID_TAGS: [
    'style',
    'image',
    'foreignObject',
    'a',
    'animate',
    'set',
    'animateMotion',
    'animateTransform',
    'feImage',
  ],
  FORBID_ATTR: ['style'],
};

/** `url(#id)` is a reference inside the document (gradients, clip paths); any other url() is not. */
const LOCAL_URL = /url\(\s*(['"]?)#[^)'"]*\1\s*\)/gi;

/** A DOCTYPE with no internal subset: editors write one; it declares nothing, so it can go. */
const PLAIN_DOCTYPE = /<!DOCTYPE[^[>]*>/gi;

export type SvgRefusal = 'not-utf8' | 'entities' | 'not-svg';

export type SanitisedSvg =
  | { ok: true; document: Document; root: SVGSVGElement; serialize(): string }
  | { ok: false; reason: SvgRefusal };

/**
 * Makes user SVG safe to serve (decision 61): strict UTF-8, no DOCTYPE declaring entities, a
 * well-formed document whose root is SVG, then DOMPurify with the configuration above. Scripts,
 * on* handlers, javascript: and external links, external image/use/style references and
 * foreignObject go; viewBox, gradients and url(#id) stay. The answer is an XML document the
 * caller may still adjust (the crop's viewBox) before serializing it.
 */
export class SvgSanitiser {
  private readonly window = new JSDOM('').window;
  private readonly purify: DOMPurify;

  constructor() {
    this.purify = createDOMPurify(this.window as unknown as Window & typeof globalThis);
    this.purify.addHook('uponSanitizeAttribute', (_node, data) => {
      const name = data.attrName.toLowerCase();
      const value = data.attrValue;
      if ((name === 'href' || name === 'xlink:href') && !value.trim().startsWith('#')) {
        data.keepAttr = false;
      } else if (/url\s*\(/i.test(value.replace(LOCAL_URL, ''))) {
        data.keepAttr = false;
      }
    });
  }

  sanitise(bytes: Buffer): SanitisedSvg {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      return { ok: false, reason: 'not-utf8' };
    }
    text = text.replace(PLAIN_DOCTYPE, '');
    if (/<!DOCTYPE|<!ENTITY/i.test(text)) return { ok: false, reason: 'entities' };
    // Well-formed XML with an SVG root, as the file will be served (image/svg+xml).
    try {
      const parsed = new JSDOM(text, { contentType: 'image/svg+xml' }).window.document;
      const root = parsed.documentElement;
      if (root.localName !== 'svg' || root.namespaceURI !== SVG_NS) {
        return { ok: false, reason: 'not-svg' };
      }
    } catch {
      return { ok: false, reason: 'not-svg' };
    }
    const body = this.purify.sanitize(text, { ...PURIFY_CONFIG, RETURN_DOM: true }) as Element;
    const clean = body.firstElementChild;
    if (!clean || clean.localName !== 'svg' || clean.namespaceURI !== SVG_NS) {
      return { ok: false, reason: 'not-svg' };
    }
    // Serialized as XML and parsed back: the HTML parser DOMPurify uses may leave HTML-only
    // entities (&nbsp;) that an XML reader refuses.
    const xml = new this.window.XMLSerializer().serializeToString(clean);
    const document = new JSDOM(xml, { contentType: 'image/svg+xml' }).window.document;
    const root = document.documentElement as unknown as SVGSVGElement;
    const serializer = new this.window.XMLSerializer();
    return {
      ok: true,
      document,
      root,
      serialize: () => serializer.serializeToString(document),
    };
  }
}
