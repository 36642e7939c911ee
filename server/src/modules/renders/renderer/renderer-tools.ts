import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { RendererError, rendererMessages } from './renderer-errors.js';

/**
 * Where the renderer's programs are: AppConfig's `renderer` (CHROMIUM_PATH, FFMPEG_PATH,
 * FFPROBE_PATH), which has this shape.
 */
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
