import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { renderMessages, type ProjectData, type RenderUpdatePayload } from '@animata/contracts';
import type { AppLogger } from '../../../common/logger.js';
import { Metrics } from '../../../common/metrics/metrics.js';
import { CONFIG, FILE_STORAGE, LOGGER } from '../../../common/tokens.js';
import type { AppConfig } from '../../../config/config.js';
import { JobRegistry } from '../../../jobs/job-registry.js';
import type { FileStorage } from '../../storage/index.js';
import { RenderBus } from './render-bus.js';
import { RenderDispatchService } from './render-dispatch.service.js';
import { RenderJobsRepository } from './render-jobs.repository.js';
import { MAX_RENDER_STARTS, progressDue, renderFileKey } from './render-line.rules.js';
import { RenderProcessPool, type RenderOutcome } from './render-process-pool.js';

/**
 * A running render whose row has not moved for this long lost its worker (or its job): the sweep
 * hands it to the queue again. Running renders touch their row every second.
 */
export const RENDER_STALE_MS = 30_000;

/** Why a running render was stopped. */
type StopReason = 'stopped' | 'gone' | 'shutdown';

/** A render handed back on shutdown: the job is tried again by another worker. */
export class RenderHandedBackError extends Error {
  constructor() {
    super('The worker stopped; the render was handed back.');
    this.name = 'RenderHandedBackError';
  }
}

export type RenderJobResult =
  { rendered: string } | { skipped: 'not-active' } | { ended: 'aborted' | 'failed' };

/**
 * The handlers of 'renders.render' and 'renders.recover' (issue 32). The row is the truth: a
 * render runs only while its row is active (a duplicated or retried job renders once), it ends in
 * one conditional statement, and every end pumps the customer's line.
 */
@Injectable()
export class RenderJobs
  implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  private readonly logger: AppLogger;
  readonly pool: RenderProcessPool;
  private readonly running = new Map<string, AbortController>();
  private handBackTimer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly registry: JobRegistry,
    private readonly renders: RenderJobsRepository,
    private readonly dispatch: RenderDispatchService,
    private readonly bus: RenderBus,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(Metrics) private readonly metrics: Metrics,
    @Inject(LOGGER) logger: AppLogger,
  ) {
    this.logger = logger.child({ component: 'renders' });
    this.pool = new RenderProcessPool(this.logger, config.renderer, {
      stallMs: config.rendersStallMs,
    });
  }

  onModuleInit(): void {
    this.registry.register('renders.render', async (job) => {
      const final = job.attempt >= job.attempts;
      return this.render(job.data.renderId, final);
    });
    this.registry.register('renders.recover', () => this.recover());
    this.registry.every('renders.recover', this.config.rendersRecoverEveryMs, {});
    this.unsubscribe = this.bus.onStop((renderId) => this.abortRunning(renderId, 'stopped'));
  }

  /**
   * The schedule of 'renders.recover' lives in Redis, and a Redis that restarted with nothing on
   * disk has lost it with the jobs: each worker process therefore also sweeps on its own timer
   * (decision 274). The sweep is idempotent, so several at once do no harm.
   */
  onApplicationBootstrap(): void {
    if (!this.config.runWorkers) return;
    this.sweepTimer = setInterval(() => {
      this.recover().catch((error: unknown) =>
        this.logger.warn({ err: error }, 'renders: the recovery sweep failed'),
      );
    }, this.config.rendersRecoverEveryMs);
    this.sweepTimer.unref();
  }

  /**
   * SIGTERM: running renders may finish until shortly before the shutdown timeout; then they are
   * handed back (row 'scheduled', the job tried again elsewhere) instead of being cut off.
   */
  beforeApplicationShutdown(): void {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    const handBackAfter = Math.max(0, this.config.shutdownTimeoutMs - 3_000);
    this.handBackTimer = setTimeout(() => {
      for (const renderId of this.running.keys()) this.abortRunning(renderId, 'shutdown');
    }, handBackAfter);
    this.handBackTimer.unref();
  }

  onApplicationShutdown(): void {
    this.unsubscribe?.();
    // Busy children end when their render does (the queue waits for it); idle ones now.
    this.pool.close();
  }

  /** Renders running in this process. */
  runningIds(): string[] {
    return [...this.running.keys()];
  }

  async render(renderId: string, finalTry: boolean): Promise<RenderJobResult> {
    const row = await this.renders.deploy(renderId);
    if (!row) {
      // Aborted (or done) while it waited in the queue: its slot is free for the next one.
      const now = await this.renders.status(renderId);
      if (now) await this.dispatch.pump(now.customerId);
      return { skipped: 'not-active' };
    }
    const { customerId } = row;
    this.publish(customerId, { exportId: renderId, status: 'deployed', percent: 0 });
    if (row.attempts > MAX_RENDER_STARTS) {
      // Its process died again and again (Chromium crashing on this project, say).
      return this.failFor(customerId, renderId, renderMessages.renderFailed, 'too many starts');
    }
    const dataJson = row.projectId ? await this.renders.projectData(row.projectId) : null;
    if (dataJson === null) {
      return this.failFor(customerId, renderId, renderMessages.renderFailed, 'project deleted');
    }
    const data = JSON.parse(dataJson) as ProjectData;
    const output = path.join(
      tmpdir(),
      `animata-render-${renderId}-${randomBytes(4).toString('hex')}.${row.extension}`,
    );
    const controller = new AbortController();
    this.running.set(renderId, controller);
    let lastSent: number | null = null;
    let outcome: RenderOutcome;
    const started = Date.now();
    try {
      outcome = await this.pool.run({
        renderId,
        project: { options: data.options, document: data.document },
        input: row.jobInput,
        watermark: row.watermark,
        output,
        signal: controller.signal,
        onProgress: (percent, etaSeconds) => {
          const now = Date.now();
          if (percent >= 100 || !progressDue(lastSent, now)) return;
          lastSent = now;
          this.renders.progress(renderId, percent, etaSeconds).then(
            (active) => {
              // Aborted or deleted without the stop reaching us (Redis away): stop anyway.
              if (!active) this.abortRunning(renderId, 'gone');
            },
            (error: unknown) => this.logger.warn({ err: error, renderId }, 'renders: progress'),
          );
          this.publish(customerId, {
            exportId: renderId,
            status: 'progress',
            percent,
            eta: etaSeconds,
          });
        },
      });
    } finally {
      this.running.delete(renderId);
    }
    const reason = controller.signal.aborted ? (controller.signal.reason as StopReason) : null;

    if (outcome.kind === 'done' && reason === null) {
      const key = renderFileKey(renderId, row.extension);
      try {
        await this.storage.putFile(key, output);
      } finally {
        await rm(output, { force: true });
      }
      const done = await this.renders.finish(renderId, key, outcome.bytes);
      if (!done) {
        // An abort (or a delete) won while the file was stored: it goes. A 'done' row means
        // another try already stored this very key: that file stays.
        const now = await this.renders.status(renderId);
        if (now?.status !== 'done') await this.storage.delete(key);
        await this.dispatch.pump(customerId);
        return { ended: 'aborted' };
      }
      this.observe(row.extension, 'done', started);
      this.publish(customerId, {
        exportId: renderId,
        status: 'done',
        percent: 100,
        export: done,
      });
      await this.dispatch.pump(customerId);
      return { rendered: key };
    }

    await rm(output, { force: true });
    if (reason === 'shutdown') {
      await this.renders.handBack(renderId);
      this.publish(customerId, { exportId: renderId, status: 'scheduled', percent: 0 });
      throw new RenderHandedBackError();
    }
    if (reason !== null || outcome.kind === 'aborted') {
      // The API set the row 'aborted' (or deleted it) and told us: its slot is free.
      this.observe(row.extension, 'aborted', started);
      await this.dispatch.pump(customerId);
      return { ended: 'aborted' };
    }
    const failure = outcome.kind === 'failed' ? outcome : { code: 'error', message: 'unknown' };
    const missingTool = failure.code === 'chromium-missing' || failure.code === 'ffmpeg-missing';
    const customerReason = missingTool ? failure.message : renderMessages.renderFailed;
    // A plan the renderer refuses will not render on another try either.
    if (finalTry || failure.code === 'plan') {
      this.observe(row.extension, 'failed', started);
      await this.failFor(customerId, renderId, customerReason, failure.message);
      throw new Error(`Render ${renderId} failed: ${failure.message}`);
    }
    // Waits for its next try as Pending.
    await this.renders.handBack(renderId);
    this.publish(customerId, { exportId: renderId, status: 'scheduled', percent: 0 });
    throw new Error(`Render ${renderId} failed, to be tried again: ${failure.message}`);
  }

  /**
   * The recovery sweep: adds the job again of every render the queue should hold (a no-op for
   * those it does: job id = render id), e.g. after Redis restarted with nothing on disk, and pumps
   * every customer with renders waiting in their line.
   */
  async recover(): Promise<{ requeued: number; customers: number }> {
    const inQueue = await this.renders.inQueue(RENDER_STALE_MS);
    let requeued = 0;
    for (const entry of inQueue) if (await this.dispatch.enqueue(entry)) requeued += 1;
    const customers = await this.renders.customersWaiting();
    for (const customerId of customers) await this.dispatch.pump(customerId);
    return { requeued, customers: customers.length };
  }

  /** animata_render_duration_seconds: a try's time from its start to its end. */
  private observe(
    extension: string,
    outcome: 'done' | 'failed' | 'aborted',
    started: number,
  ): void {
    this.metrics.renderDuration.observe({ extension, outcome }, (Date.now() - started) / 1000);
  }

  private abortRunning(renderId: string, reason: StopReason): void {
    const controller = this.running.get(renderId);
    if (controller && !controller.signal.aborted) controller.abort(reason);
  }

  private async failFor(
    customerId: string,
    renderId: string,
    reason: string,
    detail: string,
  ): Promise<RenderJobResult> {
    this.logger.warn({ renderId, detail }, 'render failed for good');
    if (await this.renders.fail(renderId, reason)) {
      this.publish(customerId, { exportId: renderId, status: 'failed', percent: 0, error: reason });
    }
    await this.dispatch.pump(customerId);
    return { ended: 'failed' };
  }

  private publish(
    customerId: string,
    update: Pick<RenderUpdatePayload, 'exportId' | 'status' | 'percent'> &
      Partial<RenderUpdatePayload>,
  ): void {
    this.bus.update(customerId, { eta: null, error: null, ...update });
  }
}
