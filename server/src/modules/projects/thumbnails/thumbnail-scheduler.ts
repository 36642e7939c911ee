import { Inject, Injectable } from '@nestjs/common';
import { JOB_QUEUE } from '../../../common/tokens.js';
import type { JobQueue } from '../../../jobs/job-queue.port.js';

/** The job id of one version's preview: adding it twice queues it once. */
export function thumbnailJobId(projectId: string, version: number): string {
  // ':' is BullMQ's key separator and refused by job-options.ts, hence the dots.
  return `thumbnail.${projectId}.${version}`;
}

/**
 * Queues the preview of one version of a project's data (plan "Thumbnails"). The projects
 * service calls it after every create or change of the data, once the row holds `version`.
 */
@Injectable()
export class ThumbnailScheduler {
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue) {}

  async request(projectId: string, version: number): Promise<void> {
    await this.queue.add(
      'projects.thumbnail',
      { projectId, version },
      { jobId: thumbnailJobId(projectId, version) },
    );
  }
}
