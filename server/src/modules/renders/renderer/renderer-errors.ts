/**
 * The renderer's failures. The messages a customer sees on a failed job are the spec's
 * (libs/contracts renders: renderMessages.chromiumMissing / ffmpegMissing, same words); they are
 * written here too until the contracts' renders texts land on main, where the integrator points
 * these at them.
 */
export const rendererMessages = {
  chromiumMissing: (path: string) =>
    `Chromium was not found at ${path}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`,
  ffmpegMissing: (path: string) =>
    `ffmpeg was not found at ${path}. Install it (Debian: apt-get install ffmpeg) or set FFMPEG_PATH.`,
  aborted: 'The render was aborted.',
} as const;

export type RendererErrorCode =
  'chromium-missing' | 'ffmpeg-missing' | 'chromium-failed' | 'ffmpeg-failed' | 'document-invalid';

/**
 * A render that could not be made. `code` says which part failed; `message` is safe to show
 * for the *-missing codes (it names what to install); the others carry tool output for the log.
 */
export class RendererError extends Error {
  override readonly name = 'RendererError';
  constructor(
    readonly code: RendererErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** What an aborted render rejects with: a DOMException named AbortError, as fetch does. */
export function abortError(): DOMException {
  return new DOMException(rendererMessages.aborted, 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
