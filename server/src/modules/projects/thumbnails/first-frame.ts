import { emptyDocument, PROJECT_IMPORT_LIMITS, type ProjectData } from '@animata/contracts';
import sharp from 'sharp';
import { DATA_IMAGE, projectSvg } from '../document/project-svg.js';

/** Embedded images above this many characters are shrunk for the preview. */
const PREVIEW_IMAGE_MAX_CHARS = 64 * 1024;
/** The preview's images fit this box: cards show previews far smaller (previewMaxHeight). */
const PREVIEW_IMAGE_BOX = 480;

/**
 * A smaller copy of an embedded raster image (WebP), or null to keep it as it is: small
 * already, or a type sharp does not read here (GIF's loader is blocked for the avatar).
 */
async function shrunkImage(href: string): Promise<string | null> {
  if (href.length <= PREVIEW_IMAGE_MAX_CHARS || !DATA_IMAGE.test(href)) return null;
  const comma = href.indexOf(',');
  if (!/;base64$/i.test(href.slice(0, comma))) return null;
  try {
    const small = await sharp(Buffer.from(href.slice(comma + 1), 'base64'), {
      limitInputPixels: PROJECT_IMPORT_LIMITS.maxPixels,
      failOn: 'error',
    })
      .rotate()
      .resize(PREVIEW_IMAGE_BOX, PREVIEW_IMAGE_BOX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    const shrunk = `data:image/webp;base64,${small.toString('base64')}`;
    return shrunk.length < href.length ? shrunk : null;
  } catch {
    return null;
  }
}

const SMIL = ['animate', 'animateTransform', 'animateMotion', 'set'];
/** animation, animation-name, -webkit-animation-duration… declarations, with their value. */
const ANIMATION_DECLARATION = /(^|[;{\s])(?:-webkit-)?animation(?:-[a-z-]+)?\s*:[^;}]*;?/gi;

/** CSS without @keyframes blocks (braces matched, so nested rules go with them). */
function withoutKeyframes(css: string): string {
  let out = '';
  let index = 0;
  const at = /@(?:-webkit-)?keyframes\b/gi;
  for (let match = at.exec(css); match; match = at.exec(css)) {
    out += css.slice(index, match.index);
    const open = css.indexOf('{', match.index);
    if (open === -1) return out;
    let depth = 0;
    let end = open;
    for (; end < css.length; end += 1) {
      if (css[end] === '{') depth += 1;
      else if (css[end] === '}' && (depth -= 1) === 0) break;
    }
    index = end + 1;
    at.lastIndex = index;
  }
  return out + css.slice(index);
}

export function withoutCssAnimation(css: string): string {
  return withoutKeyframes(css).replace(ANIMATION_DECLARATION, '$1');
}

/**
 * The static first frame of a project as an SVG file (the dashboard's preview): the document
 * sanitised again, SMIL elements and CSS animations removed, large embedded images shrunk, the
 * background painted, and a viewBox so the card can scale it. Null when the stored document is not usable SVG.
 */
export async function firstFrameSvg(data: ProjectData): Promise<string | null> {
  // The row's jsonb is only as good as what wrote it: checked rather than trusted.
  const stored = data as Partial<ProjectData> | null;
  if (typeof stored?.document !== 'string' || !stored.options?.dimension) return null;
  const result = projectSvg.sanitise(stored.document);
  if (!result.ok) return null;
  const { document, root } = result;
  for (const name of SMIL) {
    for (const element of [...document.getElementsByTagNameNS(root.namespaceURI, name)]) {
      element.remove();
    }
  }
  for (const style of [...document.getElementsByTagNameNS(root.namespaceURI, 'style')]) {
    style.textContent = withoutCssAnimation(style.textContent ?? '');
  }
  for (const element of [...document.querySelectorAll('[style]')]) {
    const css = withoutCssAnimation(element.getAttribute('style') ?? '').trim();
    if (css === '') element.removeAttribute('style');
    else element.setAttribute('style', css);
  }
  // Large embedded images (a raster import) are shrunk: the preview is a card's picture.
  for (const image of [...document.getElementsByTagNameNS(root.namespaceURI, 'image')]) {
    const name = image.hasAttribute('href') ? 'href' : 'xlink:href';
    const href = image.getAttribute(name);
    const shrunk = href === null ? null : await shrunkImage(href);
    if (shrunk !== null) image.setAttribute(name, shrunk);
  }
  const { width, height } = data.options.dimension;
  if (!root.hasAttribute('viewBox')) root.setAttribute('viewBox', `0 0 ${width} ${height}`);
  if (!root.hasAttribute('width')) root.setAttribute('width', String(width));
  if (!root.hasAttribute('height')) root.setAttribute('height', String(height));
  if (data.options.background !== 'transparent') {
    const rect = document.createElementNS(root.namespaceURI, 'rect');
    rect.setAttribute('width', '100%');
    rect.setAttribute('height', '100%');
    rect.setAttribute('fill', data.options.background);
    root.insertBefore(rect, root.firstChild);
  }
  return result.serialize();
}

/** An empty picture of the project's size: the preview of data that cannot be read. */
export function blankPreview(data: ProjectData): string {
  const stored = data as Partial<ProjectData> | null;
  const { width, height } = stored?.options?.dimension ?? { width: 1, height: 1 };
  return emptyDocument(Number(width) || 1, Number(height) || 1);
}
