import { renderMessages, renderTexts } from '@animata/contracts';

/** The renderer's failures; a missing tool's message is the one the customer sees on the job. */
export const rendererMessages = {
  chromiumMissing: renderMessages.chromiumMissing,
  ffmpegMissing: renderMessages.ffmpegMissing,
  aborted: renderTexts.renderAborted,
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
