/**
 * What a project holds (issue 17): `options` (dimension, duration in ms, frame rate,
 * background), `document` (sanitised SVG markup: SMIL and CSS animation allowed; script, event
 * handlers, external references and foreignObject never) and `definitions` (our own animation
 * data, may be empty). The server sanitises `document` on every write; the rules that need no
 * DOM live here.
 */
export interface ProjectOptions {
  dimension: { width: number; height: number };
  /** In ms; 0 for a still image. */
  duration: number;
  fps: number;
  /** A CSS colour, or 'transparent'. */
  background: string;
}

export interface ProjectData {
  options: ProjectOptions;
  document: string;
  definitions: Record<string, unknown>;
}

export const PROJECT_DATA_LIMITS = {
  minDimension: 1,
  maxDimension: 8192,
  maxDurationMs: 60 * 60 * 1000,
  minFps: 1,
  maxFps: 120,
  backgroundMaxLength: 64,
} as const;

export const DEFAULT_PROJECT_OPTIONS: ProjectOptions = {
  dimension: { width: 1920, height: 1080 },
  duration: 0,
  fps: 60,
  background: 'transparent',
};

/** The document of a new, empty project of this size. */
export function emptyDocument(width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"></svg>`;
}

export function emptyProjectData(): ProjectData {
  const { width, height } = DEFAULT_PROJECT_OPTIONS.dimension;
  return {
    options: structuredClone(DEFAULT_PROJECT_OPTIONS),
    document: emptyDocument(width, height),
    definitions: {},
  };
}

/** The exported project file (`*.animata.json`): import reads it back (round trip). */
export const PROJECT_FILE_FORMAT = 'animata-project';
export const PROJECT_FILE_VERSION = 1;
export interface ProjectFile {
  format: typeof PROJECT_FILE_FORMAT;
  version: typeof PROJECT_FILE_VERSION;
  title: string;
  data: ProjectData;
}
