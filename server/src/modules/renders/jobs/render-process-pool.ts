import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RenderJobInput } from '@animata/contracts';
import type { AppLogger } from '../../../common/logger.js';
import type { RendererTools, RenderProject } from '../renderer/index.js';
import type { FromRenderChild, ToRenderChild } from './render-process.protocol.js';

/** The processor file, next to this one in the compiled output. */
export const RENDER_PROCESSOR_FILE = fileURLToPath(
  new URL('./render.processor.js', import.meta.url),
);

/** After an abort the child gets this long to stop Chromium's page and ffmpeg itself. */
export const ABORT_GRACE_MS = 500;

export interface RenderRun {
  renderId: string;
  project: RenderProject;
  input: RenderJobInput;
  watermark: boolean;
  output: string;
  onProgress(percent: number, etaSeconds: number | null): void;
  signal: AbortSignal;
}

export type RenderOutcome =
  | { kind: 'done'; bytes: number }
  | { kind: 'aborted' }
  | { kind: 'failed'; code: string; message: string };

/**
 * The worker's render child processes (decision 270): one per render running
 * at a time, kept between jobs so each keeps its Chromium warm. A child that crashes fails only
 * its render (the job is retried); one that does not stop within ABORT_GRACE_MS of an abort is
 * killed, so an abort frees the slot within a second whatever state Chromium is in.
 */
export class RenderProcessPool {
  private readonly idle: ChildProcess[] = [];
  private readonly busy = new Set<ChildProcess>();
  private closed = false;

  constructor(
    private readonly logger: Pick<AppLogger, 'warn' | 'info'>,
    private readonly tools: RendererTools,
    private readonly options: { stallMs: number; processorFile?: string } = { stallMs: 300_000 },
  ) {}

  /** Process ids of the children (tests look for their ffmpeg below them). */
  pids(): number[] {
    return [...this.idle, ...this.busy].map((child) => child.pid ?? 0).filter((pid) => pid > 0);
  }

  async run(job: RenderRun): Promise<RenderOutcome> {
    if (job.signal.aborted) return { kind: 'aborted' };
    const child = this.idle.pop() ?? (await this.start());
    this.busy.add(child);
    try {
      return await this.runOn(child, job);
    } finally {
      this.busy.delete(child);
      // `killed`: a stalled or unanswering child was just sent SIGKILL and has not exited yet.
      const alive =
        child.exitCode === null && child.signalCode === null && child.connected && !child.killed;
      if (!this.closed && alive) this.idle.push(child);
      else this.end(child);
    }
  }

  /** Ends the idle children now; busy ones end when their render does. */
  close(): void {
    this.closed = true;
    for (const child of this.idle.splice(0)) this.end(child);
  }

  private start(): Promise<ChildProcess> {
    const child = fork(this.options.processorFile ?? RENDER_PROCESSOR_FILE, [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    return new Promise((resolve, reject) => {
      const onMessage = (message: FromRenderChild) => {
        if (message.type !== 'ready') return;
        cleanup();
        resolve(child);
      };
      const onExit = (code: number | null, signal: string | null) => {
        cleanup();
        reject(new Error(`The render process exited while starting (${code ?? signal}).`));
      };
      const cleanup = () => {
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.on('error', (error) => this.logger.warn({ err: error }, 'render process error'));
    });
  }

  private runOn(child: ChildProcess, job: RenderRun): Promise<RenderOutcome> {
    return new Promise<RenderOutcome>((resolve) => {
      let settled = false;
      let killTimer: NodeJS.Timeout | null = null;
      // A child that says nothing for stallMs (a hung Chromium, say) is killed: the try fails
      // and is retried, and the worker's slot is free again.
      let stallTimer: NodeJS.Timeout | null = null;
      const watch = () => {
        if (stallTimer) clearTimeout(stallTimer);
        stallTimer = setTimeout(() => {
          this.logger.warn({ renderId: job.renderId }, 'render process stalled: killed');
          child.kill('SIGKILL');
          settle({
            kind: 'failed',
            code: 'stalled',
            message: `The render process said nothing for ${this.options.stallMs} ms.`,
          });
        }, this.options.stallMs);
      };
      const settle = (outcome: RenderOutcome) => {
        if (settled) return;
        settled = true;
        child.off('message', onMessage);
        child.off('exit', onExit);
        job.signal.removeEventListener('abort', onAbort);
        if (killTimer) clearTimeout(killTimer);
        if (stallTimer) clearTimeout(stallTimer);
        resolve(outcome);
      };
      const onMessage = (message: FromRenderChild) => {
        if (message.type === 'ready' || message.renderId !== job.renderId) return;
        watch();
        if (message.type === 'progress') job.onProgress(message.percent, message.etaSeconds);
        else if (message.type === 'done') settle({ kind: 'done', bytes: message.bytes });
        else if (message.code === 'aborted') settle({ kind: 'aborted' });
        else settle({ kind: 'failed', code: message.code, message: message.message });
      };
      const onExit = (code: number | null, signal: string | null) => {
        if (job.signal.aborted) settle({ kind: 'aborted' });
        else
          settle({
            kind: 'failed',
            code: 'crashed',
            message: `The render process exited (${code ?? signal}).`,
          });
      };
      const onAbort = () => {
        this.send(child, { type: 'abort', renderId: job.renderId });
        killTimer = setTimeout(() => {
          // Chromium or ffmpeg did not let go in time: the whole child goes, and takes its
          // Chromium (on a pipe to it) and ffmpeg (on a pipe from it) along.
          this.logger.warn({ renderId: job.renderId }, 'render process killed after an abort');
          child.kill('SIGKILL');
          settle({ kind: 'aborted' });
        }, ABORT_GRACE_MS);
      };
      child.on('message', onMessage);
      child.on('exit', onExit);
      job.signal.addEventListener('abort', onAbort, { once: true });
      watch();
      const sent = this.send(child, {
        type: 'render',
        renderId: job.renderId,
        project: job.project,
        input: job.input,
        watermark: job.watermark,
        output: job.output,
        tools: this.tools,
      });
      if (!sent) onExit(child.exitCode, child.signalCode);
    });
  }

  private send(child: ChildProcess, message: ToRenderChild): boolean {
    if (!child.connected) return false;
    try {
      child.send(message);
      return true;
    } catch {
      return false;
    }
  }

  private end(child: ChildProcess): void {
    if (child.connected) child.disconnect();
    const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
    timer.unref();
    child.once('exit', () => clearTimeout(timer));
  }
}
