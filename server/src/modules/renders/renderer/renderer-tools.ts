import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { RendererError, rendererMessages } from './renderer-errors.js';

/** Where the renderer's programs are (CHROMIUM_PATH, FFMPEG_PATH, FFPROBE_PATH). */
export interface RendererTools {
  chromiumPath: string;
  ffmpegPath: string;
  /** Not used to render; for checks of the output (tests, the bench). */
  ffprobePath: string;
}

export const DEFAULT_RENDERER_TOOLS: RendererTools = {
  chromiumPath: '/usr/bin/chromium',
  ffmpegPath: '/usr/bin/ffmpeg',
  ffprobePath: '/usr/bin/ffprobe',
};

/**
 * The tools from the environment, for a process without the app's configuration (a BullMQ
 * sandboxed processor): the same variables and defaults as loadConfig's `renderer`.
 */
export function rendererToolsFromEnv(
  env: Record<string, string | undefined> = process.env,
): RendererTools {
  const text = (name: string): string | null => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? null : value.trim();
  };
  return {
    chromiumPath: text('CHROMIUM_PATH') ?? DEFAULT_RENDERER_TOOLS.chromiumPath,
    ffmpegPath: text('FFMPEG_PATH') ?? DEFAULT_RENDERER_TOOLS.ffmpegPath,
    ffprobePath: text('FFPROBE_PATH') ?? DEFAULT_RENDERER_TOOLS.ffprobePath,
  };
}

async function executable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Chromium is there and runs, or a RendererError naming what to install. */
export async function checkChromium(tools: Pick<RendererTools, 'chromiumPath'>): Promise<void> {
  if (!(await executable(tools.chromiumPath)))
    throw new RendererError(
      'chromium-missing',
      rendererMessages.chromiumMissing(tools.chromiumPath),
    );
}

/** ffmpeg is there and runs, or a RendererError naming what to install. */
export async function checkFfmpeg(tools: Pick<RendererTools, 'ffmpegPath'>): Promise<void> {
  if (!(await executable(tools.ffmpegPath)))
    throw new RendererError('ffmpeg-missing', rendererMessages.ffmpegMissing(tools.ffmpegPath));
}
