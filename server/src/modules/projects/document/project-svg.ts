import { SvgPurifier, type SvgProfile } from '../../../common/svg/svg-purifier.js';

/** Raster images a project document may embed: data URIs only, never an address to fetch. */
export const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp)[;,]/i;

/**
 * A project's SVG: SMIL (animate, set, animateMotion, animateTransform) and CSS animation in
 * <style> and style="" stay; scripts, event handlers, links, foreignObject and every reference
 * that leaves the document go. Embedded raster images stay as data URIs (the import's raster
 * documents). An animation may not target href or an event attribute, which would bring back
 * what the sanitiser removed.
 */
const PROJECT_PROFILE: SvgProfile = {
  forbidTags: [
    'script',
    'foreignObject',
    'a',
    'feImage',
    'iframe',
    'embed',
    'object',
    'audio',
    'video',
    'canvas',
    'discard',
    'handler',
    'listener',
  ],
  addTags: ['animate', 'set', 'animateMotion', 'animateTransform', 'mpath', 'use', 'style'],
  // SMIL's timing and value attributes, which DOMPurify's SVG profile does not list.
  addAttrs: [
    'attributeName',
    'attributeType',
    'begin',
    'end',
    'dur',
    'min',
    'max',
    'restart',
    'repeatCount',
    'repeatDur',
    'from',
    'to',
    'by',
    'values',
    'keyTimes',
    'keySplines',
    'keyPoints',
    'calcMode',
    'additive',
    'accumulate',
    'path',
    'rotate',
    'origin',
  ],
  keepHref: (value, element) => element === 'image' && DATA_IMAGE.test(value),
  keepUrl: (target) => DATA_IMAGE.test(target),
  forbidAttrValues: { attributename: /^(xlink:)?href$|^on|:href$/i },
  stashDataImages: true,
};

/** One purifier per process: DOMPurify keeps its window and hooks between calls. */
export const projectSvg = new SvgPurifier(PROJECT_PROFILE);
