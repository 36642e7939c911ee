import {
  isVideoExtension,
  renderMessages,
  RENDER_CODECS,
  RENDER_DITHERS,
  RENDER_EXTENSIONS,
  RENDER_QUALITIES,
  CODECS_BY_EXTENSION,
  type RenderCodec,
  type RenderDither,
  type RenderExtension,
  type RenderInputField,
  type RenderJobInput,
  type RenderQuality,
} from '@animata/contracts';

/**
 * The Export form's fields and the job input they make (shared by the action and the dialog,
 * so the server reads exactly what the page sends). Times are typed in seconds, sent in ms.
 */
export const EXPORT_FIELDS = {
  extension: 'extension',
  codec: 'codec',
  framerate: 'framerate',
  width: 'width',
  height: 'height',
  quality: 'quality',
  colorPaletteSize: 'colorPaletteSize',
  transparent: 'transparent',
  matte: 'matte',
  dither: 'dither',
  start: 'start',
  duration: 'duration',
  speed: 'speed',
  iterations: 'iterations',
  title: 'title',
} as const;

export type ExportFormValues = Record<keyof typeof EXPORT_FIELDS, string>;

const pick = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

/** A number typed into a field: NaN when empty or not a number (the rules refuse it). */
const numberOf = (value: string): number => (value.trim() === '' ? NaN : Number(value));

/** The job input the form's values describe; unknown choices fall back so the rules answer. */
export function jobInputOf(values: ExportFormValues): RenderJobInput {
  const extension = (RENDER_EXTENSIONS as readonly string[]).includes(values.extension)
    ? (values.extension as RenderExtension)
    : ('' as RenderExtension);
  const video = extension !== ('' as RenderExtension) && isVideoExtension(extension);
  const codec: RenderCodec | null = video
    ? (RENDER_CODECS as readonly string[]).includes(values.codec)
      ? (values.codec as RenderCodec)
      : (CODECS_BY_EXTENSION[extension][0] ?? null)
    : null;
  const matte = values.transparent === '1' ? null : values.matte.trim() || null;
  return {
    extension,
    codec,
    framerate: numberOf(values.framerate),
    resolution: { width: numberOf(values.width), height: numberOf(values.height) },
    quality: pick<RenderQuality>(RENDER_QUALITIES, values.quality, '' as RenderQuality),
    colorPaletteSize: numberOf(values.colorPaletteSize),
    matte,
    dither: pick<RenderDither>(RENDER_DITHERS, values.dither, '' as RenderDither),
    offset: {
      start: Math.round(numberOf(values.start) * 1000),
      duration: Math.round(numberOf(values.duration) * 1000),
    },
    speed: numberOf(values.speed),
    iterations: numberOf(values.iterations),
  };
}

const seconds = (ms: number) => String(Math.round(ms) / 1000);

/** The form's values for a job input (the dialog's defaults). */
export function formValuesOf(input: RenderJobInput, title: string): ExportFormValues {
  return {
    extension: input.extension,
    codec: input.codec ?? '',
    framerate: String(input.framerate),
    width: String(input.resolution.width),
    height: String(input.resolution.height),
    quality: input.quality,
    colorPaletteSize: String(input.colorPaletteSize),
    transparent: input.matte === null ? '1' : '',
    matte: input.matte ?? '#ffffff',
    dither: input.dither,
    start: seconds(input.offset.start),
    duration: seconds(input.offset.duration),
    speed: String(input.speed),
    iterations: String(input.iterations),
    title,
  };
}

/** Reads the posted form's values (missing fields are empty). */
export function formValuesFrom(form: FormData): ExportFormValues {
  const values = {} as ExportFormValues;
  for (const key of Object.keys(EXPORT_FIELDS) as (keyof typeof EXPORT_FIELDS)[]) {
    const value = form.get(EXPORT_FIELDS[key]);
    values[key] = typeof value === 'string' ? value : '';
  }
  return values;
}

/**
 * Which field a refusal of the server belongs to (the BFF answers one message; the dialog shows
 * it beside its field). Null for a refusal of no field (the limits), shown as the form's notice.
 */
export function fieldOfMessage(message: string): RenderInputField | null {
  const byField: [RenderInputField, (text: string) => boolean][] = [
    ['extension', (text) => text === renderMessages.invalidExtension],
    ['codec', (text) => text === renderMessages.invalidCodec],
    ['framerate', (text) => text.startsWith('The frame rate must be between')],
    [
      'resolution',
      (text) =>
        text === renderMessages.invalidResolution || text === renderMessages.resolutionTooLarge,
    ],
    [
      'quality',
      (text) =>
        text === renderMessages.invalidQuality || text === renderMessages.qualityNeedsUpgrade,
    ],
    ['colorPaletteSize', (text) => text === renderMessages.invalidPalette],
    ['matte', (text) => text === renderMessages.invalidMatte],
    ['dither', (text) => text === renderMessages.invalidDither],
    ['offset', (text) => text === renderMessages.invalidOffset || text === renderMessages.tooLong],
    ['speed', (text) => text === renderMessages.invalidSpeed],
    ['iterations', (text) => text === renderMessages.invalidIterations],
  ];
  return byField.find(([, matches]) => matches(message))?.[0] ?? null;
}
