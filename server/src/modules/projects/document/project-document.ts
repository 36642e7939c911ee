import {
  PROJECT_DATA_LIMITS,
  PROJECT_DOCUMENT_LIMITS,
  type ProjectData,
  type ProjectOptions,
} from '@animata/contracts';
import { ProjectException } from '../project.exception.js';
import { projectSvg } from './project-svg.js';

/** Colours `background` may hold: it reaches CSS, so nothing that could carry more than a colour. */
const COLOUR =
  /^(transparent|[a-z]{3,32}|#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|(rgb|rgba|hsl|hsla)\(\s*[-0-9.%,\s/deg]+\))$/i;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function wholeNumber(value: unknown, path: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw ProjectException.invalidData(`${path} must be a whole number from ${min} to ${max}.`);
  }
  return value;
}

function cleanOptions(input: unknown): ProjectOptions {
  if (!isRecord(input)) throw ProjectException.invalidData('options must be an object.');
  const { dimension, duration, fps, background } = input;
  if (!isRecord(dimension)) {
    throw ProjectException.invalidData('options.dimension must be an object.');
  }
  const { minDimension, maxDimension } = PROJECT_DATA_LIMITS;
  const width = wholeNumber(dimension.width, 'options.dimension.width', minDimension, maxDimension);
  const height = wholeNumber(
    dimension.height,
    'options.dimension.height',
    minDimension,
    maxDimension,
  );
  if (
    typeof background !== 'string' ||
    background.length > PROJECT_DATA_LIMITS.backgroundMaxLength ||
    !COLOUR.test(background.trim())
  ) {
    throw ProjectException.invalidData('options.background must be a CSS colour.');
  }
  return {
    dimension: { width, height },
    duration: wholeNumber(duration, 'options.duration', 0, PROJECT_DATA_LIMITS.maxDurationMs),
    fps: wholeNumber(fps, 'options.fps', PROJECT_DATA_LIMITS.minFps, PROJECT_DATA_LIMITS.maxFps),
    background: background.trim(),
  };
}

/** A sanitised SVG document (the rules in project-svg.ts), or the refusal. */
export function cleanDocument(input: unknown): string {
  if (typeof input !== 'string') throw ProjectException.invalidData('document must be a string.');
  if (Buffer.byteLength(input, 'utf8') > PROJECT_DOCUMENT_LIMITS.maxDocumentBytes) {
    throw ProjectException.tooComplex();
  }
  const result = projectSvg.sanitise(input, PROJECT_DOCUMENT_LIMITS);
  if (!result.ok) {
    if (result.reason === 'too-complex') throw ProjectException.tooComplex();
    throw ProjectException.invalidData('document must be an SVG document.');
  }
  return result.serialize();
}

/** Refuses JSON nested past the document's depth limit (walked without recursion). */
function checkNesting(value: object): void {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  let seen = 0;
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    seen += 1;
    if (depth > PROJECT_DOCUMENT_LIMITS.maxDepth || seen > PROJECT_DOCUMENT_LIMITS.maxElements * 10)
      throw ProjectException.tooComplex();
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
}

function cleanDefinitions(input: unknown): Record<string, unknown> {
  if (input === undefined) return {};
  if (!isRecord(input)) throw ProjectException.invalidData('definitions must be an object.');
  checkNesting(input);
  let json: string;
  try {
    json = JSON.stringify(input);
  } catch {
    throw ProjectException.invalidData('definitions must be JSON.');
  }
  if (Buffer.byteLength(json, 'utf8') > PROJECT_DOCUMENT_LIMITS.maxDefinitionsBytes) {
    throw ProjectException.tooComplex();
  }
  // A copy made of JSON values only (no prototypes, functions or undefined).
  return JSON.parse(json) as Record<string, unknown>;
}

/**
 * The one gate for a project's `data` (plan "Interfaces"): checks the schema of
 * libs/contracts/src/projects/project-data.ts and its limits, and sanitises `document`. Keys
 * the schema does not name are left out. Throws ProjectException: invalidData (422) for a value
 * that breaks the schema, tooComplex (422) past the byte, element or nesting limits.
 */
export function cleanProjectData(input: unknown): ProjectData {
  if (!isRecord(input)) throw ProjectException.invalidData('data must be an object.');
  const options = cleanOptions(input.options);
  const document = cleanDocument(input.document);
  const definitions = cleanDefinitions(input.definitions);
  return { options, document, definitions };
}
