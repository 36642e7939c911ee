import { stat, rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
} from 'playwright-core';
import { FfmpegSink, ZipSink, type FrameSink } from './frame-sinks.js';
import { pageSetup, renderPageHtml, SETUP_SCRIPT } from './render-page.js';
import { frameTime, type RenderPlan, type RenderProject } from './render-plan.js';
import { abortError, RendererError } from './renderer-errors.js';
import {
  checkChromium,
  checkFfmpeg,
  DEFAULT_RENDERER_TOOLS,
  type RendererTools,
} from './renderer-tools.js';

/** Chromium's flags for rendering (issue 32): no GPU, no sandbox in a container, no chatter. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
] as const;

export interface RenderProgress {
  /** Frames drawn and handed to the encoder so far (1 to frames). */
  frame: number;
  frames: number;
  /** 0–100, whole; 100 only once the file is complete. */
  percent: number;
  /** Seconds left at the pace so far; null before the first frame. */
  etaSeconds: number | null;
}

export interface RenderCallOptions {
  signal?: AbortSignal;
  /**
   * Called once per frame drawn (throttling is the caller's), then once more with 100 when
   * the file is complete. A throw from it is ignored.
   */
  onProgress?: (progress: RenderProgress) => void;
}

export interface RenderResult {
  /** Size of the file written. */
  bytes: number;
  frames: number;
  /** The output's length in ms. */
  durationMs: number;
  width: number;
  height: number;
  mimeType: string;
}

/** A frame source for the bench and tests: the same capture as a render, without a file. */
export interface FrameCapture {
  /** Whether the document moves at all (a still one is drawn once). */
  readonly moves: boolean;
  /** The PNG of the animation at `ms`. */
  capture(ms: number): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * One Chromium kept alive across renders (a worker renders many jobs; launching costs about a
 * second of CPU), with one browser context: each render gets a page of its own at the output's
 * size, closed when it ends (a new context a render cost ~0.5 s of a tiny render's ~1 s; the
 * page holds nothing but the render's own document, set with setContent). If Chromium dies, the next render launches a new one. `close()` ends it.
 * Renders may run concurrently on one session.
 */
export class RendererSession {
  readonly tools: RendererTools;
  private browser: Promise<Browser> | null = null;
  private launching: Promise<Browser> | null = null;
  /** The one context of each launched Chromium. */
  private readonly contexts = new WeakMap<Browser, Promise<BrowserContext>>();
  private closed = false;

  constructor(tools: Partial<RendererTools> = {}) {
    this.tools = { ...DEFAULT_RENDERER_TOOLS, ...tools };
  }

  /** The running Chromium, launched on first use or after a crash (once for concurrent calls). */
  private async chromium(): Promise<Browser> {
    if (this.closed) throw new RendererError('chromium-failed', 'The renderer session is closed.');
    const current = this.browser ? await this.browser.catch(() => null) : null;
    if (current?.isConnected()) return current;
    this.launching ??= this.launch().finally(() => {
      this.launching = null;
    });
    return this.launching;
  }

  private async launch(): Promise<Browser> {
    await checkChromium(this.tools);
    const launched = chromium.launch({
      executablePath: this.tools.chromiumPath,
      headless: true,
      args: [...CHROMIUM_ARGS],
    });
    this.browser = launched;
    try {
      return await launched;
    } catch (error) {
      this.browser = null;
      throw new RendererError(
        'chromium-failed',
        `Chromium could not start: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  }

  /**
   * Opens the project in a page at the plan's size, ready to capture frames. The caller closes
   * it. Used by render() and by the bench (capture alone).
   */
  async openCapture(project: RenderProject, plan: RenderPlan): Promise<FrameCapture> {
    const context = await this.context();
    const page = await context.newPage();
    try {
      await page.setViewportSize({ width: plan.width, height: plan.height });
      return await openFrames(context, page, project, plan);
    } catch (error) {
      await page.close().catch(() => undefined);
      throw error;
    }
  }

  private async context(): Promise<BrowserContext> {
    const browser = await this.chromium();
    let context = this.contexts.get(browser);
    if (!context) {
      context = browser.newContext({
        deviceScaleFactor: 1,
        serviceWorkers: 'block',
        reducedMotion: 'no-preference',
      });
      this.contexts.set(browser, context);
      context.catch(() => this.contexts.delete(browser));
    }
    return context;
  }

  /**
   * Renders `project` as `plan` says into the file `output` (overwritten). Frames are drawn
   * one by one with every animation paused at the frame's time and streamed to ffmpeg (or into
   * the zip) while the next is drawn. On abort: ffmpeg killed, the page closed, the file
   * removed, rejected with an AbortError. On failure: the file removed, a RendererError.
   */
  async render(
    project: RenderProject,
    plan: RenderPlan,
    output: string,
    options: RenderCallOptions = {},
  ): Promise<RenderResult> {
    const { signal, onProgress } = options;
    if (signal?.aborted) throw abortError();
    if (plan.extension !== 'zip') await checkFfmpeg(this.tools);

    let capture: FrameCapture | null = null;
    let sink: FrameSink | null = null;
    let aborted = false;
    const onAbort = () => {
      aborted = true;
      sink?.kill();
      void capture?.close();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      capture = await this.openCapture(project, plan);
      if (signal?.aborted) throw abortError();
      sink =
        plan.extension === 'zip'
          ? new ZipSink(plan, output)
          : new FfmpegSink(this.tools.ffmpegPath, plan, output);
      const report = (progress: RenderProgress) => {
        try {
          onProgress?.(progress);
        } catch {
          // The caller's trouble; the render goes on.
        }
      };
      const started = performance.now();
      // A still document is drawn once and that frame repeated.
      let still: Buffer | null = null;
      let writing: Promise<void> = Promise.resolve();
      for (let index = 0; index < plan.frames; index += 1) {
        const frame = capture.moves
          ? await capture.capture(frameTime(plan, index))
          : (still ??= await capture.capture(plan.startMs));
        if (aborted) throw abortError();
        // The previous frame taken before this one is handed over: capture of this frame ran
        // while ffmpeg took the last.
        await writing;
        writing = sink.write(frame);
        const done = index + 1;
        const elapsed = (performance.now() - started) / 1000;
        report({
          frame: done,
          frames: plan.frames,
          percent: Math.min(99, Math.floor((done / plan.frames) * 100)),
          etaSeconds: Math.max(0, Math.round((elapsed / done) * (plan.frames - done))),
        });
      }
      await writing;
      await capture.close();
      capture = null;
      await sink.finish();
      if (aborted) throw abortError();
      const { size } = await stat(output);
      report({ frame: plan.frames, frames: plan.frames, percent: 100, etaSeconds: 0 });
      return {
        bytes: size,
        frames: plan.frames,
        durationMs: plan.durationMs,
        width: plan.width,
        height: plan.height,
        mimeType: plan.mimeType,
      };
    } catch (error) {
      sink?.kill();
      await Promise.all([capture?.close(), sink?.closed]).catch(() => undefined);
      await rm(output, { force: true }).catch(() => undefined);
      if (aborted || signal?.aborted) throw abortError();
      if (error instanceof RendererError) throw error;
      throw new RendererError(
        'chromium-failed',
        `The frames could not be drawn: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Pages open in this session's Chromium (0 between renders): for checks after an abort. */
  async openPages(): Promise<number> {
    const browser = this.browser ? await this.browser.catch(() => null) : null;
    if (!browser?.isConnected()) return 0;
    return browser.contexts().reduce((sum, context) => sum + context.pages().length, 0);
  }

  /** Ends Chromium; later renders are refused. */
  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser ? await this.browser.catch(() => null) : null;
    this.browser = null;
    await browser?.close().catch(() => undefined);
  }
}

/** The page of one render: set up, then frames on request through the DevTools protocol. */
async function openFrames(
  context: BrowserContext,
  page: Page,
  project: RenderProject,
  plan: RenderPlan,
): Promise<FrameCapture> {
  const cdp: CDPSession = await context.newCDPSession(page);
  if (plan.alpha) {
    // A transparent page where neither the matte nor the project paints.
    await cdp.send('Emulation.setDefaultBackgroundColorOverride', {
      color: { r: 0, g: 0, b: 0, a: 0 },
    });
  }
  await page.setContent(renderPageHtml(plan), { waitUntil: 'load' });
  const setup = (await page.evaluate(
    `(${SETUP_SCRIPT})(${JSON.stringify(pageSetup(project, plan))})`,
  )) as { error?: string; moves?: boolean };
  if (setup.error) throw new RendererError('document-invalid', setup.error);
  let closing: Promise<void> | null = null;
  return {
    moves: setup.moves === true,
    async capture(ms: number): Promise<Buffer> {
      const seek = await cdp.send('Runtime.evaluate', {
        expression: `window.__animataSeek(${JSON.stringify(ms)})`,
      });
      if (seek.exceptionDetails)
        throw new RendererError('chromium-failed', `Seeking failed: ${seek.exceptionDetails.text}`);
      const shot = await cdp.send('Page.captureScreenshot', {
        format: 'png',
        optimizeForSpeed: true,
        captureBeyondViewport: false,
        fromSurface: true,
      });
      return Buffer.from(shot.data, 'base64');
    },
    close(): Promise<void> {
      closing ??= page.close().catch(() => undefined);
      return closing;
    },
  };
}
