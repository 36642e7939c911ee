/**
 * The render pipeline core (issue 32): a project and a job's input in, a video or animated
 * image file out. No database, queue or Nest: a BullMQ sandboxed processor (its own process)
 * keeps one RendererSession and calls render() per job.
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
  type RenderCodec,
  type RenderDither,
  type RendererJobInput,
  type RenderExtension,
  type RenderPlan,
  type RenderProject,
  type RenderQuality,
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
  rendererToolsFromEnv,
  type RendererTools,
} from './renderer-tools.js';
