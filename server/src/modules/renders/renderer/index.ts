/**
 * The render pipeline core (issue 32): a project and a job's input in, a video or animated
 * image file out. No database, queue or Nest: the render processor (a child process of the
 * worker, decision 270) keeps one RendererSession and calls render() per job.
 */
export { ffmpegArgs } from './ffmpeg-args.js';
export { WATERMARK_TEXT } from './render-page.js';
export {
  DEFAULT_CODECS,
  formatHasAlpha,
  frameTime,
  MIME_TYPES,
  planRender,
  RENDERER_LIMITS,
  RenderPlanError,
  type RendererJobInput,
  type RenderPlan,
  type RenderProject,
} from './render-plan.js';
export {
  abortError,
  isAbortError,
  RendererError,
  rendererMessages,
  type RendererErrorCode,
} from './renderer-errors.js';
export {
  CHROMIUM_ARGS,
  RendererSession,
  type FrameCapture,
  type RenderCallOptions,
  type RenderProgress,
  type RenderResult,
} from './renderer-session.js';
export {
  checkChromium,
  checkFfmpeg,
  DEFAULT_RENDERER_TOOLS,
  type RendererTools,
} from './renderer-tools.js';
