import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { AppLogger } from '../../../common/logger.js';
import { LOGGER } from '../../../common/tokens.js';
import { ThumbnailRepository } from './thumbnail.repository.js';
import { ThumbnailScheduler } from './thumbnail-scheduler.js';

const PAGE = 500;

/**
 * Previews whose job was lost come back (issue 28): the in-process queue forgets what had not
 * run when the process stops, and a kill can fall between a project's commit and its enqueue.
 * At start and in the hourly maintenance job, every project still pending gets its version's
 * job again. The job id makes this a no-op for a job that waits, runs or has just finished.
 */
@Injectable()
export class PreviewRequeue implements OnApplicationBootstrap {
  private readonly logger: AppLogger;

  constructor(
    private readonly projects: ThumbnailRepository,
    private readonly scheduler: ThumbnailScheduler,
    @Inject(LOGGER) logger: AppLogger,
  ) {
    this.logger = logger.child({ component: 'thumbnails' });
  }

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.requeuePending();
    } catch (error) {
      // The hourly run tries again; a start is not refused for it.
      this.logger.warn({ err: error }, 'thumbnail: re-queueing pending previews failed');
    }
  }

  /** Queues the preview of every pending project (again); answers how many were pending. */
  async requeuePending(): Promise<number> {
    let count = 0;
    for (let afterId = ''; ;) {
      const page = await this.projects.pendingPreviews(afterId, PAGE);
      for (const { id, version } of page) await this.scheduler.request(id, version);
      count += page.length;
      if (page.length < PAGE) break;
      afterId = page[page.length - 1]!.id;
    }
    if (count > 0) this.logger.info({ count }, 'thumbnail: pending previews queued again');
    return count;
  }
}
