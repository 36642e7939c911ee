import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import type * as Jsdom from 'jsdom';
import { checkSvgStructure, type SvgLimits } from './svg-structure.js';

export type { SvgLimits } from './svg-structure.js';

/**
 * jsdom, loaded on the first SVG rather than at start: it is about 900 modules, a third of what
 * the whole server loads, and most processes (a web process, a worker, each test) parse no SVG
 * for a long time or ever. It is CommonJS, so it loads synchronously on demand.
 */
let jsdomModule: typeof Jsdom | undefined;
function loadJsdom(): typeof Jsdom {
  jsdomModule ??= createRequire(import.meta.url)('jsdom') as typeof Jsdom;
  return jsdomModule;
}

let threadWindow: Jsdom.DOMWindow | undefined;

/**
 * The one jsdom window of this thread: every document is parsed in it and every purifier works
 * on it. A JSDOM per document costs a V8 context of its own, which a thread gives back late.
 */
function sharedWindow(): Jsdom.DOMWindow {
  return (threadWindow ??= new (loadJsdom().JSDOM)('').window);
}

/** An XML document parsed in the shared window; malformed XML gives a `parsererror` root. */
export function parseSvgXml(text: string): Document {
  return new (sharedWindow().DOMParser)().parseFromString(
    text,
    'image/svg+xml',
  ) as unknown as Document;
}

export const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * What one use of user SVG allows on top of DOMPurify's SVG profile (the avatar forbids styles
 * and animation; projects keep SMIL and CSS animation). References that leave the document are
 * never kept: `href` only to `#fragment` (or what `keepHref` accepts) and `url()` only to
 * `#id` (or what `keepUrl` accepts).
 */
export interface SvgProfile {
  forbidTags: readonly string[];
  /** Elements DOMPurify's SVG profile leaves out that this use needs (e.g. SMIL's `animate`). */
  addTags?: readonly string[];
  addAttrs?: readonly string[];
  forbidAttrs?: readonly string[];
  /** Another href value to keep besides `#fragment`, on the given element (lowercase name). */
  keepHref?: (value: string, element: string) => boolean;
  /** Another url() argument to keep besides `#id` (quotes and spaces already removed). */
  keepUrl?: (target: string) => boolean;
  /** Set long embedded raster images aside while parsing (see stashDataImages). */
  stashDataImages?: boolean;
  /** Attribute names (lowercase) whose value must not be one of these, e.g. SMIL's attributeName. */
  forbidAttrValues?: Readonly<Record<string, RegExp>>;
}

/** A DOCTYPE with no internal subset: editors write one; it declares nothing, so it can go. */
const PLAIN_DOCTYPE = /<!DOCTYPE[^[>]*>/gi;
/** `url(` in any case, with the argument up to the closing parenthesis. */
const URL_FUNCTION = /url\(\s*([^)]*?)\s*\)/gi;
/**
 * CSS functions that load a resource without `url(`: an attribute holding one is dropped; in
 * a <style> the rest of the declaration is replaced, so the browser drops it as invalid.
 */
const LOADING_FUNCTIONS = /((?:-webkit-)?image-set|src|element)\s*\(/gi;
/** The same, with the rest of the declaration (what cleanCss replaces). */
const LOADING_DECLARATION_TAIL = /((?:-webkit-)?image-set|src|element)\s*\([^;{}]*/gi;

export type SvgRefusal = 'not-utf8' | 'entities' | 'not-svg' | 'too-complex';

/** Embedded images this long are set aside while the markup is parsed and sanitised. */
const STASH_MIN_CHARS = 1024;
const STASHABLE =
  /(\s(?:xlink:)?href\s*=\s*)(["'])(data:image\/(?:png|jpeg|gif|webp);base64,)([A-Za-z0-9+/=\s]+)\2/gi;

interface DataImageStash {
  text: string;
  /** Puts the images back into the sanitised document's href attributes. */
  restore(root: Element): void;
}

/**
 * Parsing and sanitising cost grows with long attribute values, and a raster import is one
 * long data URI: its base64 is replaced by a random token, checked by the same rules as any
 * href, and put back afterwards. Only base64 characters are set aside, so putting them back
 * into an attribute cannot change the markup; a token the sanitiser dropped stays dropped.
 */
function stashDataImages(text: string): DataImageStash | null {
  const token = `S${randomBytes(12).toString('hex')}N`;
  const images: string[] = [];
  const stashed = text.replace(
    STASHABLE,
    (whole: string, before: string, quote: string, head: string, data: string) => {
      if (data.length < STASH_MIN_CHARS) return whole;
      images.push(data.replace(/\s+/g, ''));
      return `${before}${quote}${head}${token}${images.length - 1}${quote}`;
    },
  );
  if (images.length === 0) return null;
  const placeholder = new RegExp(`^(data:image/[a-z]+;base64,)${token}(\\d+)$`);
  return {
    text: stashed,
    restore(root) {
      for (const element of [root, ...root.getElementsByTagName('*')]) {
        for (const name of ['href', 'xlink:href']) {
          const match = placeholder.exec(element.getAttribute(name) ?? '');
          const image = match ? images[Number(match[2])] : undefined;
          if (match && image !== undefined) element.setAttribute(name, `${match[1]}${image}`);
        }
      }
    },
  };
}

export type SanitisedSvg =
  | { ok: true; document: Document; root: SVGSVGElement; serialize(): string }
  | { ok: false; reason: SvgRefusal };

/**
 * Makes user SVG safe to serve (decision 61): strict UTF-8, no DOCTYPE declaring entities, a
 * well-formed document whose root is SVG, then DOMPurify with the profile. Scripts, on*
 * handlers, javascript: and external links, external image/use/style references and
 * foreignObject go; viewBox, gradients and url(#id) stay. The answer is an XML document the
 * caller may still adjust before serializing it. Shared by the avatar and the projects.
 */
export class SvgPurifier {
  private readonly config: Config;
  private madeEngine?: { window: Jsdom.DOMWindow; purify: DOMPurify };

  constructor(private readonly profile: SvgProfile) {
    this.config = {
      USE_PROFILES: { svg: true, svgFilters: true },
      FORBID_TAGS: [...profile.forbidTags],
      ADD_TAGS: [...(profile.addTags ?? [])],
      ADD_ATTR: [...(profile.addAttrs ?? [])],
      FORBID_ATTR: [...(profile.forbidAttrs ?? [])],
    };
  }

  /** The DOM and DOMPurify, made on the first document (see loadJsdom). */
  private get engine(): { window: Jsdom.DOMWindow; purify: DOMPurify } {
    return (this.madeEngine ??= this.createEngine());
  }

  private createEngine(): { window: Jsdom.DOMWindow; purify: DOMPurify } {
    const profile = this.profile;
    const window = sharedWindow();
    const purify = createDOMPurify(window as unknown as Window & typeof globalThis);
    const condemned = new WeakSet<Node>();
    purify.addHook('uponSanitizeAttribute', (node, data) => {
      const name = data.attrName.toLowerCase();
      const value = data.attrValue;
      const element = node.nodeName.toLowerCase();
      if (name === 'href' || name === 'xlink:href') {
        const target = value.trim();
        if (!target.startsWith('#') && !(profile.keepHref?.(target, element) ?? false)) {
          data.keepAttr = false;
        }
        return;
      }
      const forbidden = profile.forbidAttrValues?.[name];
      if (forbidden?.test(value.trim())) {
        data.keepAttr = false;
        // Without the attribute the element could mean something else (an animation of
        // nothing, or of a default): it goes whole.
        condemned.add(node);
      } else if (!this.safeCssValue(value)) {
        data.keepAttr = false;
      }
    });
    purify.addHook('afterSanitizeAttributes', (node) => {
      if (condemned.has(node)) node.parentNode?.removeChild(node);
    });
    purify.addHook('uponSanitizeElement', (node, data) => {
      // Only reached when the profile keeps <style>: its text is cleaned rather than dropped.
      if (data.tagName === 'style' && !profile.forbidTags.includes('style')) {
        node.textContent = this.cleanCss(node.textContent ?? '');
      }
    });
    return { window, purify };
  }

  /**
   * The sanitised document, or why not. With `limits`, a document past the element count or
   * the nesting depth is refused ('too-complex') before any DOM is built.
   */
  sanitise(input: Buffer | string, limits?: SvgLimits): SanitisedSvg {
    let text: string;
    if (typeof input === 'string') {
      text = input;
    } else {
      try {
        text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(input);
      } catch {
        return { ok: false, reason: 'not-utf8' };
      }
    }
    text = text.replace(PLAIN_DOCTYPE, '');
    if (/<!DOCTYPE|<!ENTITY/i.test(text)) return { ok: false, reason: 'entities' };
    const stash = this.profile.stashDataImages ? stashDataImages(text) : null;
    if (stash) text = stash.text;
    // Counted by a tokenizer before any DOM is built (svg-structure.ts).
    if (limits) {
      const structure = checkSvgStructure(text, limits);
      if (structure !== 'ok') {
        return { ok: false, reason: structure === 'too-complex' ? 'too-complex' : 'not-svg' };
      }
    }
    // Well-formed XML with an SVG root, as the file will be served (image/svg+xml).
    try {
      const root = parseSvgXml(text).documentElement;
      if (root.localName !== 'svg' || root.namespaceURI !== SVG_NS) {
        return { ok: false, reason: 'not-svg' };
      }
    } catch {
      return { ok: false, reason: 'not-svg' };
    }
    const body = this.engine.purify.sanitize(text, { ...this.config, RETURN_DOM: true }) as Element;
    const clean = body.firstElementChild;
    if (!clean || clean.localName !== 'svg' || clean.namespaceURI !== SVG_NS) {
      return { ok: false, reason: 'not-svg' };
    }
    // Serialized as XML and parsed back: the HTML parser DOMPurify uses may leave HTML-only
    // entities (&nbsp;) that an XML reader refuses.
    const xml = new this.engine.window.XMLSerializer().serializeToString(clean);
    return this.wrap(xml, stash);
  }

  /**
   * CSS text with `@import` removed and every loading function that leaves the document made
   * invalid. Backslash escapes could spell `url(` past these checks, so CSS with one is dropped.
   */
  cleanCss(css: string): string {
    if (css.includes('\\')) return '';
    return css
      .replace(/@import\b[^;]*;?/gi, '')
      .replace(URL_FUNCTION, (whole, argument: string) =>
        this.keepUrl(argument) ? whole : 'invalid-url()',
      )
      .replace(LOADING_DECLARATION_TAIL, 'invalid()');
  }

  private safeCssValue(value: string): boolean {
    if (!/\(/.test(value)) return true;
    if (value.includes('\\')) return false;
    LOADING_FUNCTIONS.lastIndex = 0;
    if (LOADING_FUNCTIONS.test(value)) return false;
    const rest = value.replace(URL_FUNCTION, (whole, argument: string) =>
      this.keepUrl(argument) ? '' : whole,
    );
    return !/url\s*\(/i.test(rest);
  }

  private keepUrl(argument: string): boolean {
    const target = argument
      .trim()
      .replace(/^(['"])(.*)\1$/s, '$2')
      .trim();
    if (target.startsWith('#')) return true;
    return this.profile.keepUrl?.(target) ?? false;
  }

  private wrap(xml: string, stash: DataImageStash | null = null): SanitisedSvg {
    const document = parseSvgXml(xml);
    const root = document.documentElement as unknown as SVGSVGElement;
    if (stash) stash.restore(root);
    const serializer = new this.engine.window.XMLSerializer();
    return {
      ok: true,
      document,
      root,
      serialize: () => serializer.serializeToString(document),
    };
  }
}
