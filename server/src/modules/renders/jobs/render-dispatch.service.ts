import { Inject, Injectable } from '@nestjs/common';
import type { AppLogger } from '../../../common/logger.js';
import { CONFIG, JOB_QUEUE, LOGGER } from '../../../common/tokens.js';
import type { AppConfig } from '../../../config/config.js';
import type { JobQueue } from '../../../jobs/job-queue.port.js';
import type { RenderDispatch } from '../render-dispatch.port.js';
import { RenderBus } from './render-bus.js';
import { RenderJobsRepository, type LineEntry } from './render-jobs.repository.js';
import { renderJobPriority } from './render-line.rules.js';

/** An enqueue that Redis does not take in this time is given up: the row goes back to its line. */
const ENQUEUE_TIMEOUT_MS = 2_000;

/**
 * RENDER_DISPATCH: hands a customer's next renders to the render queue when it is their turn and
 * stops running ones. Never throws at the API: a database or Redis failure is logged and the row
 * stays where the recovery sweep ('renders.recover', every minute) finds it.
 */
@Injectable()
export class RenderDispatchService implements RenderDispatch {
  private readonly logger: AppLogger;

  constructor(
    private readonly renders: RenderJobsRepository,
    private readonly bus: RenderBus,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) logger: AppLogger,
  ) {
    this.logger = logger.child({ component: 'renders' });
  }

  async pump(customerId: string): Promise<void> {
    let next: LineEntry[];
    try {
      next = await this.renders.takeNext(customerId, this.config.rendersPerCustomer);
    } catch (error) {
      this.logger.error({ err: error, customerId }, 'renders: the line could not be pumped');
      return;
    }
    for (const entry of next) {
      if (!(await this.enqueue(entry))) {
        await this.renders
          .backToLine(entry.id)
          .catch((error: unknown) =>
            this.logger.error({ err: error, renderId: entry.id }, 'renders: back to line failed'),
          );
      }
    }
  }

  async stop(renderId: string): Promise<void> {
    await this.bus.stop(renderId);
  }

  /**
   * Adds the render's job (job id = render id: adding it again while it waits or runs does
   * nothing). False when the queue did not take it.
   */
  async enqueue(entry: LineEntry): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.queue.add(
          'renders.render',
          { renderId: entry.id },
          { jobId: entry.id, priority: renderJobPriority(entry.planRank) },
        ),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('The render queue did not answer in time.')),
            ENQUEUE_TIMEOUT_MS,
          );
        }),
      ]);
      return true;
    } catch (error) {
      this.logger.warn({ err: error, renderId: entry.id }, 'renders: enqueue failed');
      return false;
    } finally {
      if (timer) clearTimeout(timer);
    }
  }
}
