import { SvgPurifier, type SvgProfile } from '../../../common/svg/svg-purifier.js';

export type { SanitisedSvg, SvgRefusal } from '../../../common/svg/svg-purifier.js';

/**
 * DOMPurify's SVG profile alone keeps external image, use and style references (the plan's
 * scratch run), so elements that can load or run anything are forbidden outright, `style`
 * attributes with them, and the purifier's hook drops the remaining references that leave the
 * document. An avatar is a still picture: no animation either.
 */
const AVATAR_PROFILE: SvgProfile = {
  forbidTags: [
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
  forbidAttrs: ['style'],
};

/** The avatar's SVG sanitiser (decision 61): the shared purifier with the avatar's profile. */
export class SvgSanitiser extends SvgPurifier {
  constructor() {
    super(AVATAR_PROFILE);
  }
}
