import {
  AVATAR_SVG_LIMITS,
  AVATAR_SVG_SIZE,
  cropToViewBox,
  svgBoxOf,
  type AvatarCropPayload,
  type ViewBox,
} from '@animata/contracts';
import { workerTask } from '../../../common/worker-pool/worker-pool.js';
import { SvgSanitiser } from './svg-sanitiser.js';

export interface AvatarSvgInput {
  bytes: Uint8Array;
  crop: AvatarCropPayload | null;
}

export type AvatarSvgResult =
  { ok: true; svg: string } | { ok: false; reason: 'not-supported' | 'svg-too-complex' };

/** One per thread: DOMPurify keeps its window and hooks between calls. */
let sanitiser: SvgSanitiser | undefined;

/**
 * An SVG avatar's file, made in the worker pool (this module is a task of it): sanitised within
 * AVATAR_SVG_LIMITS, counted before any DOM is built, and its crop made the file's viewBox at
 * 150x150 (decisions 59, 60).
 */
export function renderAvatarSvg({ bytes, crop }: AvatarSvgInput): AvatarSvgResult {
  sanitiser ??= new SvgSanitiser();
  const clean = sanitiser.sanitise(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    AVATAR_SVG_LIMITS,
  );
  if (!clean.ok) {
    return {
      ok: false,
      reason: clean.reason === 'too-complex' ? 'svg-too-complex' : 'not-supported',
    };
  }
  const { root } = clean;
  const viewBox = cropToViewBox(crop, viewBoxOf(root));
  root.setAttribute('viewBox', `${viewBox.x} ${viewBox.y} ${viewBox.width} ${viewBox.height}`);
  root.setAttribute('width', String(AVATAR_SVG_SIZE));
  root.setAttribute('height', String(AVATAR_SVG_SIZE));
  return { ok: true, svg: clean.serialize() };
}

export const renderAvatarSvgTask = workerTask<AvatarSvgInput, AvatarSvgResult>(
  new URL(import.meta.url),
  'renderAvatarSvg',
);

/** The SVG's coordinate box: its viewBox, else its width and height in user units, else 300x150. */
export function viewBoxOf(root: Element): ViewBox {
  return svgBoxOf({
    viewBox: root.getAttribute('viewBox'),
    width: root.getAttribute('width'),
    height: root.getAttribute('height'),
  });
}
