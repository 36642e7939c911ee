import { liveEvents, projectPreviewKey, projectPreviewUri } from '@animata/contracts';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { AppLogger } from '../../../common/logger.js';
import { FILE_STORAGE, LOGGER } from '../../../common/tokens.js';
import { JobRegistry } from '../../../jobs/job-registry.js';
import { LiveService } from '../../../live/live.service.js';
import type { FileStorage } from '../../storage/index.js';
import { WorkerPool } from '../../../common/worker-pool/worker-pool.js';
import { previewTask } from './first-frame.task.js';
import { ThumbnailRepository } from './thumbnail.repository.js';

export type ThumbnailResult = { written: string } | { skipped: 'missing' | 'stale' | 'unreadable' };

/**
 * The handler of 'projects.thumbnail': writes the static first frame of one version, stores its
 * key and size, clears pending_preview if that version is still current, removes the older
 * preview and tells the owner's browsers. Running it again gives the same result (idempotent).
 */
@Injectable()
export class ThumbnailJobs implements OnModuleInit {
  private readonly logger: AppLogger;

  constructor(
    private readonly registry: JobRegistry,
    private readonly projects: ThumbnailRepository,
    private readonly live: LiveService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly pool: WorkerPool,
    @Inject(LOGGER) logger: AppLogger,
  ) {
    this.logger = logger.child({ component: 'thumbnails' });
  }

  onModuleInit(): void {
    this.registry.register('projects.thumbnail', (job) =>
      this.write(job.data.projectId, job.data.version),
    );
  }

  async write(projectId: string, version: number): Promise<ThumbnailResult> {
    const source = await this.projects.findSource(projectId);
    if (!source) return { skipped: 'missing' };
    if (source.previewVersion !== version) return { skipped: 'stale' };
    // Off the event loop, in the worker pool (a stop hands it back: the job runs again later).
    const preview = await this.pool.run(previewTask, source.dataJson);
    if (preview.unreadable) {
      // Stored data always went through cleanProjectData, so this should not happen; a blank
      // preview still ends the card's spinner, and retrying would not change the data.
      this.logger.warn({ projectId, version }, 'thumbnail: the stored document is not SVG');
    }
    const key = projectPreviewKey(projectId, version);
    const file = Buffer.from(preview.svg, 'utf8');
    await this.storage.put(key, file);
    const sizeBytes = preview.dataBytes + file.length;
    const stored = await this.projects.storePreview(projectId, version, key, sizeBytes);
    if (!stored) {
      // The data changed (or the project went) while this one was written: its job wins.
      await this.storage.delete(key);
      return { skipped: 'stale' };
    }
    if (stored.previousKey && stored.previousKey !== key) {
      await this.storage.delete(stored.previousKey);
    }
    this.live.toCustomer(stored.ownerId, liveEvents.thumbnailReady, {
      projectId,
      previewUri: projectPreviewUri(projectId, version),
    });
    return { written: key };
  }
}
