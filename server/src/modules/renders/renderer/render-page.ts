import type { RenderPlan, RenderProject } from './render-plan.js';

/** The watermark free and starter renders carry (billing-teams-apps §1): the product's name. */
export const WATERMARK_TEXT = 'Animata';

/**
 * The page a render draws in: the output's size, the matte (or nothing, for alpha) behind the
 * project, the project scaled to fit and centred on its own background, the watermark on top.
 * Nothing on it can load from outside or run a script of its own (its Content-Security-Policy);
 * the renderer's own code comes in through the DevTools protocol, which the policy does not
 * govern. The document itself is placed by SETUP_SCRIPT, parsed as XML as the player does.
 */
export function renderPageHtml(plan: RenderPlan): string {
  const { width, height } = plan;
  // The watermark: about 4 % of the height, at least 12 px; 2 % in from the corner.
  const fontSize = Math.max(12, Math.round(height * 0.04));
  const inset = Math.max(4, Math.round(Math.min(width, height) * 0.02));
  return `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; font-src data:; style-src 'unsafe-inline'">
<style>
html,body{margin:0;padding:0;width:${width}px;height:${height}px;overflow:hidden;background:${plan.matte ?? 'transparent'}}
#stage{position:absolute;inset:0;display:flex;align-items:center;justify-content:center}
#frame{position:relative;flex:none}
#watermark{position:absolute;right:${inset}px;bottom:${inset}px;font:700 ${fontSize}px/1 "DejaVu Sans",Arial,sans-serif;letter-spacing:.02em;color:rgba(255,255,255,.85);text-shadow:0 0 ${Math.max(1, Math.round(fontSize / 8))}px rgba(0,0,0,.65);pointer-events:none}
</style></head><body><div id="stage"><div id="frame"></div></div>${
    plan.watermark ? `<div id="watermark">${WATERMARK_TEXT}</div>` : ''
  }</body></html>`;
}

/** What SETUP_SCRIPT is called with (JSON): the document and where it goes. */
export interface PageSetup {
  document: string;
  /** The project's size: its aspect ratio is kept, scaled to fit the output. */
  dimension: { width: number; height: number };
  /** The output's size. */
  width: number;
  height: number;
  /** The project's own background (a CSS colour or 'transparent'). */
  background: string;
}

/**
 * Runs in the page (a function expression taking a PageSetup): places the document in a shadow
 * root (its styles and ids stay its own, the watermark keeps its look), removes anything that
 * could run or leave the page, pauses SMIL and CSS animations, waits for embedded images and
 * fonts, and installs `window.__animataSeek(ms)` and `window.__animataMoves`. Resolves to
 * whether anything moves, or to an error text when the document is not SVG.
 */
export const SETUP_SCRIPT = `async (setup) => {
  const SVG_NS = 'http://www.w3.org/2000/svg';
  const parsed = new DOMParser().parseFromString(setup.document, 'image/svg+xml');
  const root = parsed.documentElement;
  if (root.namespaceURI !== SVG_NS || root.localName !== 'svg' || parsed.getElementsByTagName('parsererror').length > 0)
    return { error: 'The project document is not an SVG document.' };
  for (const element of Array.from(root.querySelectorAll('*'))) {
    const name = element.localName.toLowerCase();
    if (element.namespaceURI !== SVG_NS || name === 'script' || name === 'foreignobject') element.remove();
  }
  for (const element of [root, ...Array.from(root.querySelectorAll('*'))])
    for (const attribute of Array.from(element.attributes))
      if (attribute.name.toLowerCase().startsWith('on')) element.removeAttributeNode(attribute);
  if (!root.hasAttribute('viewBox')) {
    const w = Number.parseFloat(root.getAttribute('width') || '') || setup.dimension.width;
    const h = Number.parseFloat(root.getAttribute('height') || '') || setup.dimension.height;
    root.setAttribute('viewBox', '0 0 ' + w + ' ' + h);
  }
  root.setAttribute('width', '100%');
  root.setAttribute('height', '100%');
  const scale = Math.min(setup.width / setup.dimension.width, setup.height / setup.dimension.height);
  const frame = document.getElementById('frame');
  frame.style.width = setup.dimension.width * scale + 'px';
  frame.style.height = setup.dimension.height * scale + 'px';
  if (setup.background && setup.background !== 'transparent') frame.style.background = setup.background;
  const shadow = frame.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = ':host{all:initial;display:block;width:100%;height:100%}svg{display:block;width:100%;height:100%}';
  const svg = document.importNode(root, true);
  shadow.replaceChildren(style, svg);
  svg.pauseAnimations();
  const animations = () => svg.getAnimations({ subtree: true });
  for (const animation of animations()) animation.pause();
  const images = Array.from(svg.querySelectorAll('image'));
  await Promise.race([
    Promise.all(images.map((image) => (typeof image.decode === 'function' ? image.decode().catch(() => undefined) : undefined))),
    new Promise((resolve) => setTimeout(resolve, 10000)),
  ]);
  await document.fonts.ready;
  window.__animataSeek = (ms) => {
    svg.setCurrentTime(ms / 1000);
    for (const animation of animations()) {
      animation.pause();
      animation.currentTime = ms;
    }
  };
  window.__animataSeek(0);
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const moves = animations().length > 0 || svg.querySelector('animate, set, animateMotion, animateTransform') !== null;
  return { moves };
}`;

/** Pixel-exact inputs of the page for one project and plan. */
export function pageSetup(project: RenderProject, plan: RenderPlan): PageSetup {
  return {
    document: project.document,
    dimension: project.options.dimension,
    width: plan.width,
    height: plan.height,
    background: project.options.background,
  };
}
