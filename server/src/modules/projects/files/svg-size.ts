import { DEFAULT_PROJECT_OPTIONS, PROJECT_DATA_LIMITS } from '@animata/contracts';

/** CSS pixels per absolute unit (96 per inch). */
const PX_PER_UNIT: Record<string, number> = {
  '': 1,
  px: 1,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
  q: 96 / 101.6,
  pt: 96 / 72,
  pc: 16,
};

/** A length in pixels (none, px or an absolute unit); null for percentages, em and the like. */
function userUnits(value: string | null): number | null {
  if (value === null) return null;
  const match = /^\s*([0-9]*\.?[0-9]+(?:e[-+]?[0-9]+)?)\s*([a-z]*)\s*$/i.exec(value);
  const factor = match ? PX_PER_UNIT[(match[2] ?? '').toLowerCase()] : undefined;
  if (!match || factor === undefined) return null;
  const number = Number(match[1]) * factor;
  return Number.isFinite(number) && number > 0 ? number : null;
}

function clampDimension(value: number): number {
  return Math.min(
    PROJECT_DATA_LIMITS.maxDimension,
    Math.max(PROJECT_DATA_LIMITS.minDimension, Math.round(value)),
  );
}

/**
 * An imported SVG's size: width and height when both are plain lengths, else the viewBox's,
 * else the default project size; rounded and kept within the project's bounds.
 */
export function svgSizeOf(root: Element): { width: number; height: number } {
  let width = userUnits(root.getAttribute('width'));
  let height = userUnits(root.getAttribute('height'));
  const box = (root.getAttribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const boxWidth = box.length === 4 && box[2]! > 0 ? box[2]! : null;
  const boxHeight = box.length === 4 && box[3]! > 0 ? box[3]! : null;
  if (width === null || height === null) {
    if (boxWidth !== null && boxHeight !== null) {
      // One given length keeps the viewBox's proportions.
      if (width !== null) [height] = [(width * boxHeight) / boxWidth];
      else if (height !== null) [width] = [(height * boxWidth) / boxHeight];
      else [width, height] = [boxWidth, boxHeight];
    } else {
      ({ width, height } = DEFAULT_PROJECT_OPTIONS.dimension);
    }
  }
  return { width: clampDimension(width), height: clampDimension(height) };
}

/** SMIL's clock values: `2s`, `150ms`, `1.5min`, `0:02`, plain seconds. Null when unreadable. */
export function clockValueMs(value: string): number | null {
  const text = value.trim();
  const units = /^([0-9]*\.?[0-9]+)(h|min|s|ms)?$/.exec(text);
  if (units) {
    const factor = { h: 3_600_000, min: 60_000, s: 1000, ms: 1 }[units[2] ?? 's'] ?? 1000;
    return Number(units[1]) * factor;
  }
  const clock = /^(?:(\d+):)?(\d{1,2}):(\d{2}(?:\.\d+)?)$/.exec(text);
  if (clock)
    return ((Number(clock[1] ?? 0) * 60 + Number(clock[2])) * 60 + Number(clock[3])) * 1000;
  return null;
}

/** The longest SMIL `dur` in the document (ms, whole), 0 for a still picture. */
export function smilDurationMs(root: Element): number {
  let longest = 0;
  for (const element of [...root.querySelectorAll('[dur]')]) {
    const ms = clockValueMs(element.getAttribute('dur') ?? '');
    if (ms !== null && ms > longest) longest = ms;
  }
  return Math.min(PROJECT_DATA_LIMITS.maxDurationMs, Math.round(longest));
}
