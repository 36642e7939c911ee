const SVG_NS = 'http://www.w3.org/2000/svg';

/** Raster images a project document may embed (the server's rule): data URIs, never an address. */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp)[;,]/i;

/**
 * A last guard, narrower than the server's sanitiser (which cleaned the document when it was
 * written) and the page's Content-Security-Policy (which blocks inline script and outside
 * loads anyway): before the document joins the page, anything that could run or navigate goes.
 * Scripts and foreign content, event-handler attributes, references that leave the document,
 * and animations that would put any of those back.
 */
function guard(root: Element): void {
  for (const element of Array.from(root.querySelectorAll('*'))) {
    const name = element.localName.toLowerCase();
    if (
      element.namespaceURI !== SVG_NS ||
      name === 'script' ||
      name === 'foreignobject' ||
      name === 'handler' ||
      name === 'listener' ||
      // Any prefix: the browser resolves it against the document's own namespace names.
      /^([^:]*:)?(href$|on)/i.test(element.getAttribute('attributeName')?.trim() ?? '')
    ) {
      element.remove();
    }
  }
  for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value.trim();
      const reference = name === 'href' || name.endsWith(':href');
      if (
        name.startsWith('on') ||
        (reference &&
          !value.startsWith('#') &&
          !(element.localName === 'image' && DATA_IMAGE.test(value)))
      ) {
        element.removeAttributeNode(attribute);
      }
    }
  }
}

/**
 * The project's SVG text as an element of this page, ready to be placed (in a shadow root, so
 * its styles and ids stay its own), or null when it is not an SVG document. Parsed as XML, the
 * way the server read and sanitised it, never through innerHTML. It fills its box: a document
 * without a viewBox gets one from its own size (or the project's), so it scales like an image.
 */
export function inlineDocument(
  text: string,
  size: { width: number; height: number },
): SVGSVGElement | null {
  const parsed = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = parsed.documentElement;
  if (
    root.namespaceURI !== SVG_NS ||
    root.localName !== 'svg' ||
    parsed.getElementsByTagName('parsererror').length > 0
  ) {
    return null;
  }
  guard(root);
  if (!root.hasAttribute('viewBox')) {
    const width = Number.parseFloat(root.getAttribute('width') ?? '') || size.width;
    const height = Number.parseFloat(root.getAttribute('height') ?? '') || size.height;
    root.setAttribute('viewBox', `0 0 ${width} ${height}`);
  }
  root.setAttribute('width', '100%');
  root.setAttribute('height', '100%');
  return document.importNode(root, true) as unknown as SVGSVGElement;
}

/**
 * The shadow root's own rules, before the document's: the host takes nothing from the page
 * (colour, font), and the document fills the host's box.
 */
export const SHADOW_STYLE = ':host{all:initial}svg{display:block;width:100%;height:100%}';
