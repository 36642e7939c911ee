import type { FromRenderChild, ToRenderChild } from './render-process.protocol.js';
import {
  isAbortError,
  planRender,
  RendererError,
  RenderPlanError,
  RendererSession,
  type RendererTools,
} from '../renderer/index.js';

/**
 * The render processor: its own process (child_process.fork by RenderProcessPool), so a
 * Chromium or ffmpeg that crashes or eats memory never takes down a worker or the web process
 * (decision 270). It keeps one Chromium alive between jobs (RendererSession)
 * and renders one job at a time; the worker sends jobs and aborts, and gets progress back.
 */
let session: RendererSession | null = null;
let sessionTools = '';

/** The warm session, made again only if the worker's tools changed (they do not in practice). */
function sessionFor(tools: RendererTools): RendererSession {
  const key = JSON.stringify(tools);
  if (!session || key !== sessionTools) {
    void session?.close();
    session = new RendererSession(tools);
    sessionTools = key;
  }
  return session;
}
const running = new Map<string, AbortController>();

function send(message: FromRenderChild): void {
  if (process.connected) process.send?.(message);
}

async function render(job: Extract<ToRenderChild, { type: 'render' }>): Promise<void> {
  const controller = new AbortController();
  running.set(job.renderId, controller);
  try {
    const plan = planRender(job.input, { watermark: job.watermark });
    const result = await sessionFor(job.tools).render(job.project, plan, job.output, {
      signal: controller.signal,
      onProgress: (progress) =>
        send({
          type: 'progress',
          renderId: job.renderId,
          percent: progress.percent,
          etaSeconds: progress.etaSeconds,
        }),
    });
    send({ type: 'done', renderId: job.renderId, bytes: result.bytes });
  } catch (error) {
    const code = isAbortError(error)
      ? 'aborted'
      : error instanceof RendererError
        ? error.code
        : error instanceof RenderPlanError
          ? 'plan'
          : 'error';
    const message = error instanceof Error ? error.message : String(error);
    send({ type: 'failed', renderId: job.renderId, code, message });
  } finally {
    running.delete(job.renderId);
  }
}

process.on('message', (message: ToRenderChild) => {
  if (message.type === 'render') void render(message);
  else if (message.type === 'abort') running.get(message.renderId)?.abort();
});

// The worker went away (stopped, or killed with -9): stop Chromium and ffmpeg, then go too.
process.on('disconnect', () => {
  for (const controller of running.values()) controller.abort();
  const exit = setTimeout(() => process.exit(0), 2_000);
  exit.unref();
  void (session?.close() ?? Promise.resolve()).finally(() => process.exit(0));
});

send({ type: 'ready' });
